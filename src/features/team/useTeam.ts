import { can, type Role, refusal } from '@contract/policy';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import {
  connectTeamManagement,
  type TeamManagementView,
  type TeamRiskyRequest,
  teamManagementMachine,
} from '@machines/teamManagement';
import { requestStepUp } from '@src/api/stepUp';
import {
  changeMember,
  loadTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from '@src/api/team';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

/** The risky requests, each with the verified step-up token once the person confirmed it's them. */
function sendRisky(request: TeamRiskyRequest, stepUpToken: string | null): Promise<unknown> {
  switch (request.kind) {
    case 'changeMember':
      return changeMember(request.organizationId, request.userId, request.update, stepUpToken);
    case 'removeMember':
      return removeMember(request.organizationId, request.userId, stepUpToken);
    case 'revokeInvitation':
      return revokeInvitation(request.organizationId, request.id, stepUpToken);
  }
}

const machine = teamManagementMachine.provide({
  actors: {
    loadTeam: fromPromise(({ input }) => loadTeam(input.organizationId)),
    sendInvitation: fromPromise(({ input }) => sendInvitation(input.organizationId, input.request)),
    resendInvitation: fromPromise(({ input }) => resendInvitation(input.organizationId, input.id)),
    riskyRequest: provideStepUpConfirmation<TeamRiskyRequest>({
      send: ({ request, stepUpToken }) => sendRisky(request, stepUpToken),
      confirmIdentity: requestStepUp,
    }),
  },
});

/**
 * The Team page's chart bound to the API and the step-up dialog: wiring only. Whether the member may
 * manage the team is the policy's answer for their role (contract/policy.ts), passed in as input.
 */
export function useTeam(organizationId: string, role: Role | null): TeamManagementView {
  const canManage = role !== null && can(role, 'members.manage');
  const actorRef = useActorRef(machine, {
    input: {
      organizationId,
      canManage,
      manageRefusal: role !== null && !canManage ? refusal(role, 'members.manage') : null,
      actorRole: role,
    },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectTeamManagement(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

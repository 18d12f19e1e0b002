import { type ApproveRequest, connectSignOff, type SignOffView, signOffMachine } from '@machines/signOff';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { useSignedInUser } from '@src/api/session';
import { usePermission } from '@src/api/session/permission';
import { approveRevision, loadRevisionReview, requestRevisionChanges } from '@src/api/signOff';
import { requestStepUp } from '@src/api/stepUp';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = signOffMachine.provide({
  actors: {
    loadReview: fromPromise(({ input }) => loadRevisionReview(input.campaignId, input.number)),
    requestChanges: fromPromise(({ input }) =>
      requestRevisionChanges(input.campaignId, input.number, input.comment),
    ),
    approveRevision: provideStepUpConfirmation<ApproveRequest>({
      send: ({ request, stepUpToken }) =>
        approveRevision(request.campaignId, request.number, request.name, stepUpToken),
      confirmIdentity: requestStepUp,
    }),
  },
});

/** The sign-off page's chart bound to the API and the step-up dialog: wiring only. */
export function useSignOff(campaignId: string, number: number): SignOffView {
  const user = useSignedInUser();
  const canDecide = usePermission('revisions.decide').allowed;
  const actorRef = useActorRef(machine, {
    input: { campaignId, number, userId: user.id, canDecide },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(() => connectSignOff(snapshot, (event) => actorRef.send(event)), [snapshot, actorRef]);
}

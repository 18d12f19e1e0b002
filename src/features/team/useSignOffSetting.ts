import { can, type Role, refusal } from '@contract/policy';
import {
  connectSignOffSetting,
  type SignOffSettingView,
  signOffSettingMachine,
} from '@machines/signOffSetting';
import { loadSignOffSetting, saveSignOffSetting } from '@src/api/revisions';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = signOffSettingMachine.provide({
  actors: {
    loadSetting: fromPromise(({ input }) => loadSignOffSetting(input.organizationId)),
    saveSetting: fromPromise(({ input }) =>
      saveSignOffSetting(input.organizationId, input.launchNeedsSignOff),
    ),
  },
});

/** The Team page's “Client sign-off” card: the signOffSetting chart bound to the API (`organization.manage`). */
export function useSignOffSetting(organizationId: string, role: Role | null): SignOffSettingView {
  const canManage = role !== null && can(role, 'organization.manage');
  const actorRef = useActorRef(machine, {
    input: {
      organizationId,
      canManage,
      manageRefusal: role !== null && !canManage ? refusal(role, 'organization.manage') : null,
    },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectSignOffSetting(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

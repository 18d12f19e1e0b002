import {
  connectRevisionHistory,
  type RevisionHistoryView,
  revisionHistoryMachine,
} from '@machines/revisionHistory';
import { loadApprovers, loadRevisions, submitRevision } from '@src/api/revisions';
import { usePermission } from '@src/api/session/permission';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = revisionHistoryMachine.provide({
  actors: {
    loadRevisions: fromPromise(({ input }) => loadRevisions(input.campaignId)),
    loadApprovers: fromPromise(({ input }) => loadApprovers(input.campaignId)),
    submitRevision: fromPromise(({ input }) => submitRevision(input.campaignId, input.approverIds)),
  },
});

/**
 * The campaign page's revisions (the header's sign-off line and the “Revisions” tab): the revisionHistory
 * chart bound to the API. Whether the member may send plans for approval is the policy's answer
 * (`revisions.submit`), passed in as input.
 */
export function useRevisionHistory(campaignId: string): RevisionHistoryView {
  const permission = usePermission('revisions.submit');
  const actorRef = useActorRef(machine, {
    input: { campaignId, canSubmit: permission.allowed, submitRefusal: permission.reason },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectRevisionHistory(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

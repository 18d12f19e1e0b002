import type { RevisionDiff } from '@contract/planning/revisionSnapshot';
import {
  connectRevisionCompare,
  type RevisionCompareView,
  revisionCompareMachine,
} from '@machines/revisionCompare';
import { compareRevisions, loadRevisions } from '@src/api/revisions';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';

const machine = revisionCompareMachine.provide({
  actors: {
    loadComparison: fromPromise(async ({ input }) => {
      const [comparison, revisions] = await Promise.all([
        compareRevisions(input.campaignId, input.from, input.to),
        loadRevisions(input.campaignId),
      ]);
      return { ...comparison, diff: comparison.diff as unknown as RevisionDiff, revisions };
    }),
  },
});

/** The comparison page's chart bound to the API and the router (the address follows the chosen pair). */
export function useRevisionCompare(campaignId: string, from: number, to: number): RevisionCompareView {
  const navigate = useNavigate();
  const actorRef = useActorRef(machine, { input: { campaignId, from, to } });
  useEffect(() => {
    const subscription = actorRef.on('navigate', (event) => navigate(event.to, { replace: true }));
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);
  const snapshot = useSelector(actorRef, (current) => current);
  // The address changed without the selects (a link, the history): show that pair.
  const { from: shownFrom, to: shownTo } = snapshot.context;
  useEffect(() => {
    if (from !== shownFrom || to !== shownTo) actorRef.send({ type: 'pair.choose', from, to });
  }, [actorRef, from, to, shownFrom, shownTo]);
  return useMemo(
    () => connectRevisionCompare(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

/**
 * What each status of a plan revision promises (issue 27), written from the issue: a draft is sent for
 * approval; a revision in review is approved, sent back or replaced; a decided one is only ever replaced; a
 * replaced one is history. Where every event takes a revision from each status, null where it is refused.
 */
import type { RevisionStatus } from '@contract/revisionStatus';
import {
  nextRevisionStatus,
  type RevisionEvent,
  revisionLifecycleMachine,
} from '@machines/revisionLifecycle';
import { defineOracle, expectEqual, type OracleCheck } from '../oracle';

type Move = RevisionEvent['type'];
const MOVES: Move[] = [
  'revision.submit',
  'revision.approve',
  'revision.requestChanges',
  'revision.supersede',
];

const SPEC: Record<RevisionStatus, Partial<Record<Move, RevisionStatus>>> = {
  draft: { 'revision.submit': 'in_review' },
  in_review: {
    'revision.approve': 'approved',
    'revision.requestChanges': 'changes_requested',
    'revision.supersede': 'superseded',
  },
  approved: { 'revision.supersede': 'superseded' },
  changes_requested: { 'revision.supersede': 'superseded' },
  superseded: {},
};

const statusPromises =
  (status: RevisionStatus): OracleCheck =>
  () => {
    for (const move of MOVES)
      expectEqual(
        nextRevisionStatus(status, { type: move }),
        SPEC[status][move] ?? null,
        `${status} on ${move}`,
      );
  };

export const revisionLifecycleOracle = defineOracle(revisionLifecycleMachine, {
  states: Object.fromEntries(
    (Object.keys(SPEC) as RevisionStatus[]).map((status) => [status, statusPromises(status)]),
  ),
  always: ({ snapshot, previous, event, index }) => {
    if (index === 0) {
      expectEqual(snapshot.value, 'draft', 'a new revision');
      return;
    }
    const from = previous!.value as RevisionStatus;
    expectEqual(snapshot.value, SPEC[from][event.type as Move], `${from} on ${event.type}`);
  },
});

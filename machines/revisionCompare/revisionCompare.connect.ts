import { isEmptyDiff, type RevisionDiff } from '@contract/planning/revisionSnapshot';
import type { SnapshotFrom } from 'xstate';
import { REVISION_STATUS_LABELS } from '../revisionHistory/revisionHistory.connect';
import type { RevisionCompareMachine } from './revisionCompare.machine';
import type { RevisionCompareEvent } from './revisionCompare.types';

export type RevisionCompareSnapshot = SnapshotFrom<RevisionCompareMachine>;

export interface RevisionOption {
  number: number;
  /** "Revision 3 · Approved" */
  label: string;
}

/** Everything the comparison page shows, commands included. */
export interface RevisionCompareView {
  isLoading: boolean;
  loadError: string | null;
  notFound: boolean;
  campaign: { id: string; name: string; currency: string } | null;
  from: number;
  to: number;
  /** The revisions the two selects offer, newest first. */
  options: RevisionOption[];
  /** What changed (null until loaded). */
  diff: RevisionDiff | null;
  /** The interests' names, for reading their changes. */
  interestNames: Record<string, Record<string, string>>;
  /** “No changes”. */
  isEmpty: boolean;
  retry: () => void;
  chooseFrom: (from: number) => void;
  chooseTo: (to: number) => void;
}

export function connectRevisionCompare(
  snapshot: RevisionCompareSnapshot,
  send: (event: RevisionCompareEvent) => void,
): RevisionCompareView {
  const { context } = snapshot;
  const data = snapshot.matches('shown') ? context.data : null;
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? context.loadError : null,
    notFound: snapshot.matches('notFound'),
    campaign: data?.campaign ?? null,
    from: context.from,
    to: context.to,
    options: (data?.revisions ?? []).map((r) => ({
      number: r.number,
      label: `Revision ${r.number} · ${REVISION_STATUS_LABELS[r.status]}`,
    })),
    diff: data?.diff ?? null,
    interestNames: data?.interestNames ?? {},
    isEmpty: data !== null && isEmptyDiff(data.diff),
    retry: () => send({ type: 'retry' }),
    chooseFrom: (from) => send({ type: 'pair.choose', from, to: context.to }),
    chooseTo: (to) => send({ type: 'pair.choose', from: context.from, to }),
  };
}

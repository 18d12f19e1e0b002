import type { ChangePlatform, ChangeState, RevisionDiff } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import type { LiveChangeMachine } from './liveChange.machine';
import type { LiveChangeEvent } from './liveChange.types';

export type LiveChangeSnapshot = SnapshotFrom<LiveChangeMachine>;

export interface LiveChangeView {
  isLoading: boolean;
  loadError: string | null;
  /** null until the change was read. */
  state: ChangeState | null;
  /** What runs → the draft; null without a change. */
  diff: RevisionDiff | null;
  /** The interests' names on both sides, so their changes read by name. */
  interestNames: Record<string, Record<string, string>>;
  platforms: ChangePlatform[];
  /** When and by whom what runs was applied (or launched). */
  appliedAt: string | null;
  appliedBy: string | null;
  canApply: boolean;
  /** "Apply changes", or "Apply again" after a platform refused. */
  applyLabel: string;
  /** The dialog is open, or the change is on its way. */
  isBusy: boolean;
  error: string | null;
  notice: string | null;
  apply(): void;
  retry(): void;
  dismiss(): void;
}

export function connectLiveChange(
  snapshot: LiveChangeSnapshot,
  send: (event: LiveChangeEvent) => void,
): LiveChangeView {
  const { change, loadError, error, notice } = snapshot.context;
  const busy = snapshot.matches('confirming') || snapshot.matches('applying') || snapshot.matches('checking');
  const state = change?.state ?? null;
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? loadError : null,
    state,
    diff: (change?.diff as RevisionDiff | null | undefined) ?? null,
    interestNames: change?.interestNames ?? {},
    platforms: change?.platforms ?? [],
    appliedAt: change?.appliedAt ?? null,
    appliedBy: change?.appliedBy ?? null,
    canApply: snapshot.matches('ready') && (state === 'draft' || state === 'refused'),
    applyLabel: state === 'refused' ? 'Apply again' : 'Apply changes',
    isBusy: busy,
    error,
    notice,
    apply: () => send({ type: 'apply' }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
  };
}

import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../shared/errors';
import type { CampaignProgressMachine } from './campaignProgress.machine';
import type { CampaignProgressEvent, ProgressDetail } from './campaignProgress.types';

export type CampaignProgressSnapshot = SnapshotFrom<CampaignProgressMachine>;
export type CampaignProgressPhase = 'loading' | 'watching' | 'settled' | 'failed';

export interface CampaignProgressView {
  phase: CampaignProgressPhase;
  detail: ProgressDetail | null;
  /** True while statuses may still change (the page says it is updating). */
  isLive: boolean;
  /** Shown when loading failed; the page offers 'Try again'. */
  errorMessage: string | null;
  /** “Try again” after a failed load. */
  retry: () => void;
  /** Loads the campaign again (after a pause or resume was asked for), then follows it while a job runs. */
  refresh: () => void;
}

/** Snapshot → what the campaign page's progress section shows, with its commands bound to `send`. */
export function connectCampaignProgress(
  snapshot: CampaignProgressSnapshot,
  send: (event: CampaignProgressEvent) => void,
): CampaignProgressView {
  const phase: CampaignProgressPhase = snapshot.matches('watching')
    ? 'watching'
    : snapshot.matches('settled')
      ? 'settled'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  return {
    phase,
    detail: snapshot.context.detail,
    isLive: phase === 'watching',
    errorMessage: phase === 'failed' ? describeFailure(snapshot.context.error, []).formError : null,
    retry: () => send({ type: 'progress.retry' }),
    refresh: () => send({ type: 'progress.refresh' }),
  };
}

import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../shared/errors';
import type { CampaignDeliveryMachine } from './campaignDelivery.machine';
import type { CampaignDelivery, CampaignDeliveryEvent } from './campaignDelivery.types';

export type CampaignDeliverySnapshot = SnapshotFrom<CampaignDeliveryMachine>;
export type CampaignDeliveryPhase = 'loading' | 'empty' | 'shown' | 'failed';

export interface CampaignDeliveryView {
  phase: CampaignDeliveryPhase;
  delivery: CampaignDelivery | null;
  /** Shown when loading failed; the card offers 'Try again'. */
  errorMessage: string | null;
  /** “Try again” after a failed load. */
  retry: () => void;
}

/** Snapshot → what the campaign page's delivery card shows, with its command bound to `send`. */
export function connectCampaignDelivery(
  snapshot: CampaignDeliverySnapshot,
  send: (event: CampaignDeliveryEvent) => void,
): CampaignDeliveryView {
  const phase: CampaignDeliveryPhase = snapshot.matches('shown')
    ? 'shown'
    : snapshot.matches('empty')
      ? 'empty'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  return {
    phase,
    delivery: phase === 'shown' || phase === 'empty' ? snapshot.context.delivery : null,
    errorMessage: phase === 'failed' ? describeFailure(snapshot.context.error, []).formError : null,
    retry: () => send({ type: 'delivery.retry' }),
  };
}

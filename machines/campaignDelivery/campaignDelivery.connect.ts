import { type PacingSuggestion, suggestReallocation } from '@contract/pacing';
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
  /**
   * A live campaign whose one platform under-delivers while another delivers: move the unspent money
   * (contract/pacing.ts suggestReallocation). Null: nothing to suggest.
   */
  suggestion: PacingSuggestion | null;
  /** “Try again” after a failed load. */
  retry: () => void;
}

/** The suggestion for an active campaign, over each platform's planned amount (its flights together). */
function suggestionOf(delivery: CampaignDelivery | null): PacingSuggestion | null {
  if (delivery?.campaign.status !== 'active') return null;
  const allocations: Record<string, number> = {};
  for (const flight of delivery.flights)
    allocations[flight.platformKey] = (allocations[flight.platformKey] ?? 0) + flight.amountMinor;
  return suggestReallocation(delivery.flights, allocations);
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
  const delivery = phase === 'shown' || phase === 'empty' ? snapshot.context.delivery : null;
  return {
    phase,
    delivery,
    suggestion: phase === 'shown' ? suggestionOf(delivery) : null,
    errorMessage: phase === 'failed' ? describeFailure(snapshot.context.error, []).formError : null,
    retry: () => send({ type: 'delivery.retry' }),
  };
}

import type { CampaignDelivery } from '@contract/pacing';

export type { CampaignDelivery };

export interface CampaignDeliveryInput {
  campaignId: string;
}

export interface CampaignDeliveryContext {
  campaignId: string;
  delivery: CampaignDelivery | null;
  /** Why the last load failed (an ApiError or a network error), null once a load succeeds. */
  error: unknown;
}

export type CampaignDeliveryEvent = { type: 'delivery.retry' };

export interface LoadDeliveryInput {
  campaignId: string;
}

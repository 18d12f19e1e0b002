import type { CampaignDetail } from '@contract/campaigns';

/** The campaign (and its platforms) as the campaign page shows it: `GET /data/campaigns/detail`. */
export type ProgressDetail = CampaignDetail;

export interface CampaignProgressInput {
  campaignId: string;
}

export interface CampaignProgressContext {
  campaignId: string;
  detail: ProgressDetail | null;
  /** Why the last load failed (an ApiError or a network error), null once a load succeeds. */
  error: unknown;
}

export type CampaignProgressEvent = { type: 'progress.retry' } | { type: 'progress.refresh' };

export interface LoadDetailInput {
  campaignId: string;
}

import type { PlanChange } from '@contract/planning';

/** Types of the live change card (issue 28): the review of a live campaign's change and Apply changes. */

export interface LiveChangeInput {
  campaignId: string;
}

/** What Apply sends: the change the planner reviewed, by its hash. */
export interface ApplyRequest {
  campaignId: string;
  hash: string;
}

export interface LiveChangeContext {
  campaignId: string;
  change: PlanChange | null;
  loadError: string | null;
  /** Why Apply did not go through (the server's refusal, an expired confirmation). */
  error: string | null;
  /** What happened, for a person: "The change is live on Meta and TikTok." */
  notice: string | null;
}

export type LiveChangeEvent = { type: 'apply' } | { type: 'retry' } | { type: 'notice.dismiss' };

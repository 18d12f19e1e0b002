/**
 * What the launch and delete jobs need from an ad platform (Meta, Google Ads, TikTok, ...). One
 * connector per platform key; every call may be slow, rate-limited or fail, and takes an AbortSignal
 * so a stopping worker does not wait for it.
 */

/** What we ask a platform to run: one campaign, its share of the budget. */
export interface PlatformCampaignRequest {
  /** Our idempotency key: a platform receiving it twice must not create a second campaign. */
  reference: string;
  campaignId: string;
  name: string;
  objectiveId: number;
  startDate: string | null;
  endDate: string | null;
  /** This platform's share of the campaign budget, in minor units. */
  budgetMinor: number;
  currency: string;
}

/** A campaign as the platform reports it. */
export type PlatformCampaignStatus = 'in_review' | 'active' | 'paused' | 'rejected' | 'deleted';

export interface PlatformCampaign {
  externalId: string;
  status: PlatformCampaignStatus;
  /** Why it was rejected (platforms give a policy reason). */
  reason: string | null;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface PlatformConnector {
  readonly key: string;
  readonly displayName: string;
  /** Throws a `validation` PlatformError when the platform would refuse the campaign. */
  validate(request: PlatformCampaignRequest, options?: CallOptions): Promise<void>;
  /** Creates the campaign (usually `in_review`); with a known reference it returns the existing one. */
  launch(request: PlatformCampaignRequest, options?: CallOptions): Promise<PlatformCampaign>;
  status(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  pause(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  resume(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  /** Removes the campaign; a campaign the platform does not know is a `not_found` error. */
  delete(externalId: string, options?: CallOptions): Promise<void>;
  /**
   * The campaign created with this idempotency key, if any: after a crash between the platform's answer
   * and our write of the external id, this is how the delete job finds it.
   */
  findByReference(reference: string, options?: CallOptions): Promise<PlatformCampaign | null>;
}

/**
 * - `validation`: the platform refuses the campaign as it is (fix it, then relaunch); no retry.
 * - `rate_limited`: retry after `retryAfterSeconds`.
 * - `credentials_expired`: the agency must reconnect the platform account; no retry.
 * - `unavailable`: a timeout or 5xx; retried with exponential backoff.
 * - `not_found`: the platform has no such campaign.
 */
export type PlatformErrorKind =
  | 'validation'
  | 'rate_limited'
  | 'credentials_expired'
  | 'unavailable'
  | 'not_found';

export class PlatformError extends Error {
  constructor(
    readonly platform: string,
    readonly kind: PlatformErrorKind,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

/** Which connector serves each platform key. */
export type ConnectorRegistry = ReadonlyMap<string, PlatformConnector>;

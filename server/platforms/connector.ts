/**
 * What the launch and delete jobs need from an ad platform (Meta, Google Ads, TikTok, ...). One
 * connector per platform key; every call may be slow, rate-limited or fail, and takes an AbortSignal
 * so a stopping worker does not wait for it.
 */

import type { AssetMimeType, CropRect, MediaKind } from '@contract/creative';
import type { DeliveryCounts } from '@contract/delivery';
import type {
  AudienceEstimate,
  BidStrategy,
  Gender,
  Interest,
  Pacing,
  PlatformRules,
} from '@contract/planning';

/**
 * The plan's ad set on one platform (Meta's campaign → ad set; Google's campaign settings): who it
 * targets, how it bids, and when it spends how much.
 */
export interface PlatformAdSet {
  audience: {
    locations: string[];
    ageMin: number;
    /** 65 = 65 and over. */
    ageMax: number;
    /** Empty = everyone. */
    genders: Gender[];
    languages: string[];
    /** This platform's interest ids. */
    interests: string[];
  };
  bidStrategy: BidStrategy;
  costCapMinor: number | null;
  /** The platform's flights, in date order; their amounts add up to `budgetMinor`. */
  flights: { startDate: string; endDate: string; amountMinor: number; pacing: Pacing }[];
}

/**
 * One of the plan's ads on this platform, as its ad API takes it: the texts per field of the format, the
 * landing page with its UTM parameters, the call to action's key, and each picture or video with what we
 * read from its file. The platform fetches the file from `url` (a path on our API; the sandbox does not).
 */
export interface PlatformAd {
  name: string;
  /** contract/creative AD_FORMATS */
  format: string;
  texts: Record<string, string[]>;
  /** The final URL: the destination with the UTM parameters added. */
  destination: string;
  callToAction: string;
  media: PlatformAdMedia[];
}

export interface PlatformAdMedia {
  assetId: string;
  kind: MediaKind;
  mimeType: AssetMimeType;
  width: number;
  height: number;
  /** Videos only. */
  durationMs: number | null;
  byteSize: number;
  /** `/api/assets/{id}/file` */
  url: string;
  /** The planner's focal point, the crops' centre as far as the edges allow. */
  focalX: number;
  focalY: number;
  /** Images: the crop for each aspect ratio the format's placements take (`1:1`, `4:5`, ...); none for a video. */
  crops: ({ aspect: string } & CropRect)[];
}

/** The audience as typed in the wizard, for one platform's estimate. */
export interface AudienceEstimateQuery {
  objectiveId: number;
  audience: PlatformAdSet['audience'];
  /** The platform's daily budget when known (allocation ÷ days), for the too-broad guidance. */
  dailyBudgetMinor: number | null;
}

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
  /** The plan's ad set; null for a campaign planned before the wizard had an audience and flights. */
  adSet: PlatformAdSet | null;
  /** The plan's ads on this platform, in the planner's order (none for a campaign planned before them). */
  ads: PlatformAd[];
}

/** A campaign as the platform reports it. */
export type PlatformCampaignStatus = 'in_review' | 'active' | 'paused' | 'rejected' | 'deleted';

export interface PlatformCampaign {
  externalId: string;
  status: PlatformCampaignStatus;
  /** Why it was rejected (platforms give a policy reason). */
  reason: string | null;
}

/**
 * The account's access to the platform (its OAuth connection, server/connections/): which ad account the
 * planner chose and the current access token. Calls that act on an account's campaigns carry it; the
 * planning calls (rules, interests, estimates) do not need it.
 */
export interface PlatformCredentials {
  accessToken: string;
  externalAccountId: string;
  /**
   * The manager account the ad account is reached through, where the platform has them (Google Ads'
   * `login-customer-id`: an agency's manager account above its clients' accounts); null otherwise.
   */
  managerAccountId?: string | null;
}

/** The tokens of an OAuth grant, in the form the connection keeps them (server/connections/store.ts). */
export interface GrantTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
  /** Space-separated, as granted. */
  scope: string;
}

/** An ad account a grant reaches: one of them becomes this Flightplan account's connection. */
export interface AdAccountChoice {
  /** As the platform's API names it in paths (Meta: `act_<id>`; Google Ads: the customer id, digits only). */
  id: string;
  name: string;
  /** ISO 4217, when the platform says. */
  currency: string | null;
  /** The manager account it is reached through (Google Ads), else null. */
  managerId: string | null;
  managerName: string | null;
}

/** What a platform's own steps after the OAuth code exchange give: the tokens to keep, the ad accounts reached. */
export interface CompletedGrant {
  tokens: GrantTokens;
  adAccounts: AdAccountChoice[];
}

export interface CallOptions {
  signal?: AbortSignal;
  credentials?: PlatformCredentials;
  /**
   * `preflight`: a validate-only call made while the planner reviews the plan (Google Ads' `validate_only`,
   * Meta's `execution_options: validate_only`), not the one made as part of a launch.
   */
  purpose?: 'launch' | 'preflight';
}

export interface PlatformConnector {
  readonly key: string;
  readonly displayName: string;
  /**
   * The platform's own steps after the OAuth code exchange, and the ad accounts the grant reaches (Meta: the
   * long-lived token exchange, `debug_token` for expiry and scopes, `me/adaccounts`; Google Ads:
   * `customers:listAccessibleCustomers` and each manager's client accounts). A grant without the scopes the
   * connector needs is a `credentials_expired` error saying which. Absent: the token response itself names
   * the ad account (the in-process sandbox).
   */
  completeGrant?(tokens: GrantTokens, options?: CallOptions): Promise<CompletedGrant>;
  /**
   * Hands a grant back where the platform has no OAuth revocation endpoint (Meta: `DELETE /me/permissions`).
   * Best effort: Disconnect goes ahead when it fails.
   */
  revokeGrant?(accessToken: string, options?: CallOptions): Promise<void>;
  /** What the platform allows (objectives, minimum daily budget, bid strategies, ages, audience sizes). */
  rules(options?: CallOptions): Promise<PlatformRules>;
  /** The platform's interest taxonomy searched by name (case- and accent-insensitive), best first. */
  searchInterests(query: string, limit: number, options?: CallOptions): Promise<Interest[]>;
  /**
   * The interests of `ids` the platform knows, in the order asked; unknown ids are left out. For checking a
   * saved audience's ids and showing their names when the audience step reopens.
   */
  interestsByIds(ids: readonly string[], options?: CallOptions): Promise<Interest[]>;
  /**
   * The platform's reach estimate for an audience (`platform` in the answer is this connector's key); an
   * interest id not in its taxonomy is a `validation` error naming it.
   */
  estimateAudience(query: AudienceEstimateQuery, options?: CallOptions): Promise<AudienceEstimate>;
  /** Throws a `validation` PlatformError when the platform would refuse the campaign. */
  validate(request: PlatformCampaignRequest, options?: CallOptions): Promise<void>;
  /** Creates the campaign (usually `in_review`); with a known reference it returns the existing one. */
  launch(request: PlatformCampaignRequest, options?: CallOptions): Promise<PlatformCampaign>;
  status(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  /**
   * Changes a campaign it runs to what `request` says (issue 28): amounts, flights, end date, audience and
   * ads, as field changes on the existing campaign (Meta's campaign/ad set/ad updates, Google Ads' mutates).
   * `request.reference` is the update's idempotency key: one the platform already applied changes nothing.
   * Throws a `validation` PlatformError when the platform refuses the change.
   */
  update(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<PlatformCampaign>;
  /**
   * The validate-only answer to an update (the review of a change): throws like `update` would, else the
   * platform's warnings about it (a budget change limit, a learning phase that starts again), in its words.
   */
  validateUpdate(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<string[]>;
  pause(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  resume(externalId: string, options?: CallOptions): Promise<PlatformCampaign>;
  /** Removes the campaign; a campaign the platform does not know is a `not_found` error. */
  delete(externalId: string, options?: CallOptions): Promise<void>;
  /**
   * The campaign created with this idempotency key, if any: after a crash between the platform's answer
   * and our write of the external id, this is how the delete job finds it.
   */
  findByReference(reference: string, options?: CallOptions): Promise<PlatformCampaign | null>;
  /**
   * What the campaigns of `externalIds` delivered from `since` to the platform's last complete day, per
   * campaign and day (days with nothing delivered left out). Days the platform may still restate come back
   * with their current figures; ids it does not know, or not of the credentials' ad account, are left out.
   */
  delivery(request: DeliveryRequest, options?: CallOptions): Promise<DeliveryReport>;
}

export interface DeliveryRequest {
  externalIds: readonly string[];
  /** YYYY-MM-DD, the first day asked for. */
  since: string;
}

export interface DeliveryReport {
  rows: { externalId: string; date: string; counts: DeliveryCounts }[];
  /** YYYY-MM-DD: the platform's last complete day, the cursor of the next sync. */
  through: string;
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

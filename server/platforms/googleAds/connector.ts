import { createHash } from 'node:crypto';
import { minorDigitsOf } from '@contract/exchange/amounts';
import {
  type AudienceEstimate,
  daysInclusive,
  formatMinor,
  type Interest,
  type PlatformRules,
} from '@contract/planning';
import type { GoogleAdsSettings } from '../apiSettings';
import {
  type AdAccountChoice,
  type AudienceEstimateQuery,
  type CallOptions,
  type CompletedGrant,
  type DeliveryReport,
  type DeliveryRequest,
  type GrantTokens,
  type PlatformAd,
  type PlatformCampaign,
  type PlatformCampaignRequest,
  type PlatformConnector,
  type PlatformCredentials,
  PlatformError,
} from '../connector';
import type { MediaReader } from '../mediaReader';
import { GOOGLE_ADS_SCOPE } from '../oauthSettings';
import { estimateAudience } from '../sandbox/audienceEstimate';
import { SANDBOX_PLATFORMS } from '../sandbox/data';
import { searchTaxonomy } from '../sandbox/interestSearch';
import {
  ctaLabelOf,
  DISPLAY_IMAGE_SLOTS,
  HELD_AD_FIELDS,
  heldAdKey,
  imageAssetName,
  planAdKey,
  textsOf,
} from './adMatching';
import { AGE_RANGES, ageRangesFor, GENDER_TYPES, geoTargetConstant, languageConstant } from './constants';
import { withoutFollowOnErrors } from './followOnErrors';
import { InterestCatalog, USER_INTEREST_QUERY, type UserInterestRow } from './interests';

/** How the connector reaches the API: the global fetch, or in tests the app's own `request`. */
export type GoogleAdsFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface GoogleAdsConnectorOptions {
  settings: GoogleAdsSettings;
  fetch?: GoogleAdsFetch;
  /**
   * An ad's files: Google needs each picture uploaded as an image asset per ratio (`imageAsset.data`, the
   * `cropped` file). Without it, image ads cannot launch.
   */
  readMedia?: MediaReader;
}

/** The GoogleAdsFailure in an error body. */
interface FailureEntry {
  errorCode?: Record<string, string>;
  message?: string;
  trigger?: { stringValue?: string };
  location?: { fieldPathElements?: { fieldName: string; index?: number }[] };
  details?: { quotaErrorDetails?: { retryDelay?: string } };
}

type Json = Record<string, unknown>;
type Row = Record<string, Json | undefined>;

const EU_POLITICAL = 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING';
const REF_MARK = 'fp:';

/** GAQL LIKE escapes `[`, `]`, `%` and `_` by wrapping them in brackets. */
const likeLiteral = (text: string) => text.replace(/[[\]%_]/g, (ch) => `[${ch}]`);
const gaqlString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const lastId = (resourceName: unknown) =>
  String(resourceName ?? '')
    .split('/')
    .at(-1) ?? '';
const isCampaignId = (id: string) => /^\d{1,19}$/.test(id);
/** The segments' read is shared by every search for an hour: bounded on its own, not by one asker's signal. */
const CATALOG_READ_TIMEOUT_MS = 15_000;

/** A shared promise, waited for only until this caller's own signal aborts (with its reason). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The Google Ads API connector (`googleads`, docs/platforms/google-ads.md): an HTTP client of the REST
 * interface at `${url}/${version}/customers/{customerId}/…`, with the `developer-token` header, the OAuth
 * bearer token and `login-customer-id` (the agency's manager account) on every call.
 *
 * Our campaign on Google is one campaign with one budget and one schedule: the budget per day is the
 * platform share spread evenly over the campaign's days (Google has no flights; a daily budget is what every
 * campaign type takes), the schedule the campaign's dates. One ad group holds the audience (ages, genders,
 * interests) and the ads; locations and languages are campaign criteria.
 */
export class GoogleAdsConnector implements PlatformConnector {
  private readonly fetch: GoogleAdsFetch;
  private readonly catalog = new InterestCatalog();
  /** Each customer's currency (`customer.currency_code`): fixed when the account is created, asked once. */
  private readonly currencies = new Map<string, string>();

  constructor(
    readonly key: string,
    readonly displayName: string,
    private readonly options: GoogleAdsConnectorOptions,
  ) {
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  // ---- planning: Google publishes these as help pages and constants, not as per-call API answers ----

  private data() {
    const platform = SANDBOX_PLATFORMS.get('google');
    if (!platform) throw new PlatformError(this.key, 'unavailable', 'Google Ads has no rules or interests.');
    return platform;
  }

  async rules(): Promise<PlatformRules> {
    return { ...this.data().rules, key: this.key as PlatformRules['key'] };
  }

  /**
   * Interest search over Google's affinity and in-market segments, read from the API for the connected
   * customer (`user_interest`, interests.ts): Google offers no text search of them, so the catalog is read
   * once an hour and searched here like the platforms' own type-ahead.
   */
  async searchInterests(query: string, limit: number, options?: CallOptions): Promise<Interest[]> {
    return searchTaxonomy((await this.interests(options)).list, query, limit);
  }

  async interestsByIds(ids: readonly string[], options?: CallOptions): Promise<Interest[]> {
    if (ids.length === 0) return [];
    const { byId } = await this.interests(options);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private interests(options?: CallOptions) {
    if (!options?.credentials)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} lists its audience segments for a connected ad account: connect ${this.displayName} under Platforms first.`,
      );
    const cid = this.customerId(options);
    // Shared by every search in the next hour, so not cut short when the first asker leaves: bounded instead.
    const shared = { credentials: options.credentials, signal: AbortSignal.timeout(CATALOG_READ_TIMEOUT_MS) };
    const catalog = this.catalog.get(cid, async () => {
      try {
        const rows = await this.search(cid, USER_INTEREST_QUERY, shared);
        return rows.map((row) => (row.userInterest ?? {}) as UserInterestRow);
      } catch (error) {
        // Our own query refused, or no answer in time: the platform failing us, not the planner's input.
        if (error instanceof PlatformError && error.kind !== 'validation') throw error;
        throw new PlatformError(
          this.key,
          'unavailable',
          `${this.displayName} did not list its audience segments: ${error instanceof Error ? error.message : 'no answer'}`,
        );
      }
    });
    return untilAborted(catalog, options.signal);
  }

  /**
   * Google offers reach forecasts (ReachPlanService) for video only: the estimate is the sandbox's model.
   * With a connection the chosen segments are checked against Google's; the model narrows by the segments
   * it has a size for (Google publishes none), and leaves the others out of the figure.
   */
  async estimateAudience(query: AudienceEstimateQuery, options?: CallOptions): Promise<AudienceEstimate> {
    const platform = this.data();
    if (options?.credentials && query.audience.interests.length > 0) {
      const { byId } = await this.interests(options);
      const unknown = query.audience.interests.find((id) => !byId.has(id));
      if (unknown !== undefined)
        throw new PlatformError(
          this.key,
          'validation',
          `${this.displayName} has no audience segment ${unknown}.`,
        );
    }
    return { ...estimateAudience(platform, query), platform: this.key } as AudienceEstimate;
  }

  // ---- the grant ----

  async completeGrant(tokens: GrantTokens, options?: CallOptions): Promise<CompletedGrant> {
    if (!tokens.scope.split(' ').includes(GOOGLE_ADS_SCOPE))
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `The Google grant does not include the Google Ads scope (${GOOGLE_ADS_SCOPE}): reconnect and allow Flightplan to manage your Google Ads accounts.`,
      );
    const credentials = { accessToken: tokens.accessToken, externalAccountId: '', managerAccountId: null };
    const listed = (await this.call('GET', 'customers:listAccessibleCustomers', undefined, {
      ...options,
      credentials,
    })) as { resourceNames?: string[] };
    const adAccounts: AdAccountChoice[] = [];
    for (const resourceName of listed.resourceNames ?? []) {
      const id = lastId(resourceName);
      const direct = { ...credentials, externalAccountId: id };
      const [row] = await this.search(
        id,
        'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.manager, customer.status FROM customer',
        { ...options, credentials: direct },
      );
      const customer = row?.customer;
      if (!customer || customer.status === 'CANCELED' || customer.status === 'CLOSED') continue;
      const name = String(customer.descriptiveName ?? id);
      if (!customer.manager) {
        adAccounts.push({
          id,
          name,
          currency: (customer.currencyCode as string) ?? null,
          managerId: null,
          managerName: null,
        });
        continue;
      }
      const clients = await this.search(
        id,
        "SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.manager, customer_client.status, customer_client.level FROM customer_client WHERE customer_client.level = 1 AND customer_client.manager = FALSE AND customer_client.status = 'ENABLED'",
        { ...options, credentials: { ...direct, managerAccountId: id } },
      );
      for (const client of clients) {
        const c = client.customerClient ?? {};
        adAccounts.push({
          id: String(c.id),
          name: String(c.descriptiveName ?? c.id),
          currency: (c.currencyCode as string) ?? null,
          managerId: id,
          managerName: name,
        });
      }
    }
    return { tokens, adAccounts };
  }

  // ---- campaigns ----

  /**
   * Google takes every amount (micros) in the customer's currency: a plan in another one would spend other
   * sums than planned, so it is refused before anything is created (never converted).
   */
  private async requireCurrency(request: PlatformCampaignRequest, options?: CallOptions) {
    const cid = this.customerId(options);
    let currency = this.currencies.get(cid);
    if (!currency) {
      const [row] = await this.search(cid, 'SELECT customer.currency_code FROM customer', options);
      currency = String(row?.customer?.currencyCode ?? '');
      if (currency) this.currencies.set(cid, currency);
    }
    if (currency && currency !== request.currency)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} bills the customer ${cid} in ${currency}, and this plan is in ${request.currency}: plan in ${currency}, or connect a client account that bills in ${request.currency}.`,
      );
  }

  async validate(request: PlatformCampaignRequest, options?: CallOptions): Promise<void> {
    await this.requireCurrency(request, options);
    const operations = await this.launchOperations(request, this.customerId(options));
    this.refusePartialFailure(
      await this.mutate(operations, { validateOnly: true, partialFailure: true }, options),
      operations,
    );
  }

  /**
   * A pre-flight asks with `partialFailure`: Google then checks every operation and answers each refusal in
   * `partialFailureError` (200), so the planner reads every problem of the plan at once, not the first
   * (and not the operations that failed only because they use what another one failed to create).
   */
  private refusePartialFailure(answer: Json, operations: readonly Json[]) {
    const status = answer.partialFailureError as Json | undefined;
    if (!status) return;
    const details = ((status.details ?? []) as Json[]).map((detail) =>
      String(detail['@type'] ?? '').endsWith('.errors.GoogleAdsFailure') && Array.isArray(detail.errors)
        ? { ...detail, errors: withoutFollowOnErrors(detail.errors as FailureEntry[], operations) }
        : detail,
    );
    throw this.errorOf(400, { error: { ...status, details } });
  }

  async launch(request: PlatformCampaignRequest, options?: CallOptions): Promise<PlatformCampaign> {
    const existing = await this.findByReference(request.reference, options);
    if (existing) return existing;
    await this.requireCurrency(request, options);
    const operations = await this.launchOperations(request, this.customerId(options));
    const answer = await this.mutate(operations, {}, options);
    const responses = (answer.mutateOperationResponses ?? []) as Json[];
    const created = responses.find((r) => r.campaignResult)?.campaignResult as Json | undefined;
    if (!created?.resourceName)
      throw new PlatformError(this.key, 'unavailable', 'Google Ads did not say which campaign it created.');
    return { externalId: lastId(created.resourceName), status: 'in_review', reason: null };
  }

  async status(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    const campaign = await this.campaign(externalId, options);
    if (campaign.status === 'REMOVED') return { externalId, status: 'deleted', reason: null };
    const ads = await this.search(
      this.customerId(options),
      `SELECT ad_group_ad.resource_name, ad_group_ad.status, ad_group_ad.policy_summary.approval_status, ad_group_ad.policy_summary.review_status, ad_group_ad.policy_summary.policy_topic_entries FROM ad_group_ad WHERE campaign.id = ${externalId} AND ad_group_ad.status != 'REMOVED'`,
      options,
    );
    const policies = ads.map((row) => (row.adGroupAd?.policySummary ?? {}) as Json);
    const disapproved = policies.filter((p) => p.approvalStatus === 'DISAPPROVED');
    if (disapproved.length > 0)
      return { externalId, status: 'rejected', reason: this.policyReason(disapproved) };
    const reviewing = policies.some(
      (p) =>
        p.reviewStatus === 'REVIEW_IN_PROGRESS' ||
        p.reviewStatus === 'UNDER_APPEAL' ||
        p.approvalStatus === 'UNKNOWN' ||
        p.approvalStatus === undefined,
    );
    if (reviewing || (ads.length === 0 && campaign.primaryStatus === 'PENDING'))
      return { externalId, status: 'in_review', reason: null };
    if (ads.length === 0 && campaign.primaryStatus === 'NOT_ELIGIBLE')
      return {
        externalId,
        status: 'rejected',
        reason: `${this.displayName} does not serve this campaign (not eligible).`,
      };
    return { externalId, status: campaign.status === 'PAUSED' ? 'paused' : 'active', reason: null };
  }

  private policyReason(policies: Json[]): string {
    const topics = policies.flatMap((p) => (p.policyTopicEntries ?? []) as Json[]);
    const named = [...new Set(topics.map((t) => String(t.topic ?? '')).filter(Boolean))];
    const evidence = [
      ...new Set(
        topics.flatMap((t) =>
          ((t.evidences ?? []) as Json[]).flatMap(
            (e) => ((e.textList as { texts?: string[] } | undefined)?.texts ?? []) as string[],
          ),
        ),
      ),
    ];
    return `${this.displayName} disapproved the ads${named.length ? ` (policy: ${named.join(', ')})` : ''}${evidence.length ? `: ${evidence.join('; ')}` : ''}.`;
  }

  async update(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<PlatformCampaign> {
    const { operations } = await this.changes(externalId, request, options);
    if (operations.length > 0) await this.mutate(operations, {}, options);
    return this.status(externalId, options);
  }

  async validateUpdate(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<string[]> {
    const { operations, warnings } = await this.changes(externalId, request, options);
    if (operations.length > 0)
      this.refusePartialFailure(
        await this.mutate(operations, { validateOnly: true, partialFailure: true }, options),
        operations,
      );
    return warnings;
  }

  async pause(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    return this.setStatus(externalId, 'PAUSED', options);
  }

  async resume(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    return this.setStatus(externalId, 'ENABLED', options);
  }

  private async setStatus(externalId: string, status: 'PAUSED' | 'ENABLED', options?: CallOptions) {
    const now = await this.status(externalId, options);
    if (now.status !== 'active' && now.status !== 'paused')
      throw new PlatformError(
        this.key,
        'validation',
        status === 'PAUSED'
          ? `Only an active campaign can be paused (it is ${now.status}).`
          : `Only a paused campaign can be resumed (it is ${now.status}).`,
      );
    const cid = this.customerId(options);
    await this.mutate(
      [
        {
          campaignOperation: {
            update: { resourceName: `customers/${cid}/campaigns/${externalId}`, status },
            updateMask: 'status',
          },
        },
      ],
      {},
      options,
    );
    return { ...now, status: status === 'PAUSED' ? ('paused' as const) : ('active' as const) };
  }

  async delete(externalId: string, options?: CallOptions): Promise<void> {
    const campaign = await this.campaign(externalId, options);
    if (campaign.status === 'REMOVED')
      throw new PlatformError(this.key, 'not_found', `${this.displayName} has no campaign ${externalId}.`);
    const cid = this.customerId(options);
    await this.mutate(
      [{ campaignOperation: { remove: `customers/${cid}/campaigns/${externalId}` } }],
      {},
      options,
    );
  }

  async findByReference(reference: string, options?: CallOptions): Promise<PlatformCampaign | null> {
    const rows = await this.search(
      this.customerId(options),
      `SELECT campaign.id, campaign.name, campaign.status FROM campaign WHERE campaign.name LIKE ${gaqlString(`%${likeLiteral(`${REF_MARK}${reference}`)}`)} AND campaign.status != 'REMOVED'`,
      options,
    );
    const id = rows[0]?.campaign?.id;
    return id === undefined ? null : this.status(String(id), options);
  }

  /**
   * Delivery per campaign and day by GAQL on `campaign` segmented by `segments.date`, up to the account's
   * yesterday (its time zone, by the clock in the API's `Date` header). Cost in micros → minor units;
   * reach is `metrics.unique_users` of the day (Display, Demand Gen; absent for Search: 0).
   */
  async delivery(request: DeliveryRequest, options?: CallOptions): Promise<DeliveryReport> {
    const cid = this.customerId(options);
    const { rows: customerRows, date } = await this.searchWithDate(
      cid,
      'SELECT customer.id, customer.currency_code, customer.time_zone FROM customer',
      options,
    );
    const customer = customerRows[0]?.customer ?? {};
    const today = dayIn(date, String(customer.timeZone ?? 'UTC'));
    const through = addDays(today, -1);
    const ids = request.externalIds.filter(isCampaignId);
    if (ids.length === 0 || request.since > through) return { rows: [], through };
    const currency = String(customer.currencyCode ?? 'EUR');
    const perMinor = 10 ** (6 - minorDigitsOf(currency));
    const rows = await this.search(
      cid,
      `SELECT campaign.id, segments.date, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.unique_users FROM campaign WHERE campaign.id IN (${ids.join(', ')}) AND segments.date BETWEEN '${request.since}' AND '${through}'`,
      options,
      true,
    );
    return {
      rows: rows.map((row) => {
        const m = row.metrics ?? {};
        return {
          externalId: String(row.campaign?.id),
          date: String(row.segments?.date),
          counts: {
            impressions: Number(m.impressions ?? 0),
            reach: Number(m.uniqueUsers ?? 0),
            clicks: Number(m.clicks ?? 0),
            spendMinor: Math.round(Number(m.costMicros ?? 0) / perMinor),
            conversions: Math.round(Number(m.conversions ?? 0)),
          },
        };
      }),
      through,
    };
  }

  // ---- building the operations ----

  private campaignName(request: PlatformCampaignRequest) {
    return `${request.name} · ${REF_MARK}${request.reference}`;
  }

  /**
   * The campaign type our ads need: responsive search ads run in SEARCH campaigns, responsive display ads
   * (our single image format) in DISPLAY. VIDEO campaigns cannot be created through the API (Demand Gen is
   * the route for video, which our Google formats do not offer yet). Without ads: by objective.
   */
  private channelOf(request: PlatformCampaignRequest): 'SEARCH' | 'DISPLAY' {
    const formats = new Set(request.ads.map((ad) => ad.format));
    if (formats.size === 0) return [2, 4, 6].includes(request.objectiveId) ? 'SEARCH' : 'DISPLAY';
    if (formats.has('responsive_search') && formats.size > 1)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} runs responsive search ads and image ads in different campaign types: keep one kind of ad for Google Ads.`,
      );
    return formats.has('responsive_search') ? 'SEARCH' : 'DISPLAY';
  }

  private micros(minor: number, currency: string) {
    return String(Math.round(minor) * 10 ** (6 - minorDigitsOf(currency)));
  }

  /** The budget per day: the share spread evenly over the campaign's days, in whole minor units. */
  private dailyMinor(request: PlatformCampaignRequest) {
    const days =
      request.startDate && request.endDate && request.endDate >= request.startDate
        ? daysInclusive(request.startDate, request.endDate)
        : 1;
    return Math.floor(request.budgetMinor / days);
  }

  private bidding(request: PlatformCampaignRequest): Json {
    const adSet = request.adSet;
    if (adSet?.bidStrategy === 'cost_cap')
      return { targetCpa: { targetCpaMicros: this.micros(adSet.costCapMinor ?? 0, request.currency) } };
    // Maximize clicks (`targetSpend`) for reach and traffic; Maximize conversions for leads, apps, sales.
    return [1, 2, 3].includes(request.objectiveId) ? { targetSpend: {} } : { maximizeConversions: {} };
  }

  private schedule(request: PlatformCampaignRequest): Json {
    const today = new Date().toISOString().slice(0, 10);
    const start = request.startDate && request.startDate > today ? request.startDate : today;
    return {
      ...(request.startDate ? { startDateTime: `${start} 00:00:00` } : {}),
      ...(request.endDate ? { endDateTime: `${request.endDate} 23:59:59` } : {}),
    };
  }

  private campaignCriteria(request: PlatformCampaignRequest, campaign: string): Json[] {
    const audience = request.adSet?.audience;
    if (!audience) return [];
    const criteria: Json[] = [];
    for (const country of audience.locations) {
      const geo = geoTargetConstant(country);
      if (!geo)
        throw new PlatformError(
          this.key,
          'validation',
          `${this.displayName} has no location target for ${country}.`,
        );
      criteria.push({ campaign, location: { geoTargetConstant: geo } });
    }
    for (const language of audience.languages) {
      const constant = languageConstant(language);
      if (!constant)
        throw new PlatformError(
          this.key,
          'validation',
          `${this.displayName} cannot target the language ${language}.`,
        );
      criteria.push({ campaign, language: { languageConstant: constant } });
    }
    return criteria;
  }

  private adGroupCriteria(request: PlatformCampaignRequest, adGroup: string, cid: string): Json[] {
    const audience = request.adSet?.audience;
    if (!audience) return [];
    const criteria: Json[] = [];
    const ranges = ageRangesFor(audience.ageMin, audience.ageMax);
    if (ranges.length < AGE_RANGES.length)
      for (const type of ranges) criteria.push({ adGroup, status: 'ENABLED', ageRange: { type } });
    if (audience.genders.length === 1)
      criteria.push({ adGroup, status: 'ENABLED', gender: { type: GENDER_TYPES[audience.genders[0]!] } });
    for (const id of audience.interests)
      criteria.push({
        adGroup,
        status: 'ENABLED',
        userInterest: { userInterestCategory: `customers/${cid}/userInterests/${id}` },
      });
    return criteria;
  }

  /** A short hash of the ads as sent: the ad group's name carries it, so a change of ads is seen. */
  private adsHash(request: PlatformCampaignRequest) {
    return createHash('sha256')
      .update(
        JSON.stringify(
          request.ads.map((ad) => [
            ad.format,
            ad.texts,
            ad.destination,
            ad.callToAction,
            ad.media.map((m) => m.assetId),
          ]),
        ),
      )
      .digest('hex')
      .slice(0, 10);
  }

  private adGroupName(request: PlatformCampaignRequest) {
    return `${request.name} · ads ${this.adsHash(request)}`;
  }

  /** Image assets and ads for the ad group (image assets get temporary ids from `nextId`). */
  private async adOperations(
    request: PlatformCampaignRequest,
    adGroup: string,
    cid: string,
    nextId: () => number,
  ): Promise<Json[]> {
    const operations: Json[] = [];
    for (const ad of request.ads) {
      const finalUrls = [ad.destination];
      const texts = (field: string) => textsOf(ad, field).map((text) => ({ text }));
      if (ad.format === 'responsive_search') {
        const [path1, path2] = ad.texts.path ?? [];
        operations.push({
          adGroupAdOperation: {
            create: {
              adGroup,
              status: 'ENABLED',
              ad: {
                finalUrls,
                responsiveSearchAd: {
                  headlines: texts('headline'),
                  descriptions: texts('description'),
                  ...(path1 ? { path1 } : {}),
                  ...(path1 && path2 ? { path2 } : {}),
                },
              },
            },
          },
        });
        continue;
      }
      const images: Record<string, string[]> = { marketingImages: [], squareMarketingImages: [] };
      for (const media of ad.media) {
        for (const [aspect, slot] of DISPLAY_IMAGE_SLOTS) {
          if (!this.options.readMedia)
            throw new PlatformError(
              this.key,
              'validation',
              `${this.displayName} needs the picture of ad "${ad.name}" uploaded, and this server is not set up to read picture files for it.`,
            );
          const bytes = await this.options.readMedia.cropped(media, aspect);
          if (!bytes)
            throw new PlatformError(
              this.key,
              'unavailable',
              `${this.displayName} needs the picture of ad "${ad.name}" uploaded, and its file could not be read.`,
            );
          const resourceName = `customers/${cid}/assets/${nextId()}`;
          operations.push({
            assetOperation: {
              create: {
                resourceName,
                name: imageAssetName(ad, aspect, media.assetId),
                imageAsset: { data: Buffer.from(bytes).toString('base64') },
              },
            },
          });
          images[slot]!.push(resourceName);
        }
      }
      const cta = ctaLabelOf(ad);
      const [longHeadline] = ad.texts.longHeadline ?? [];
      const [businessName] = ad.texts.businessName ?? [];
      operations.push({
        adGroupAdOperation: {
          create: {
            adGroup,
            status: 'ENABLED',
            ad: {
              finalUrls,
              responsiveDisplayAd: {
                marketingImages: images.marketingImages!.map((asset) => ({ asset })),
                squareMarketingImages: images.squareMarketingImages!.map((asset) => ({ asset })),
                headlines: texts('headline'),
                ...(longHeadline ? { longHeadline: { text: longHeadline } } : {}),
                descriptions: texts('description'),
                ...(businessName ? { businessName } : {}),
                ...(cta ? { callToActionText: cta } : {}),
              },
            },
          },
        },
      });
    }
    return operations;
  }

  /** One googleAds:mutate that creates the whole campaign with temporary ids, paused until complete. */
  private async launchOperations(request: PlatformCampaignRequest, cid: string): Promise<Json[]> {
    let temp = 0;
    const nextId = () => {
      temp -= 1;
      return temp;
    };
    const budget = `customers/${cid}/campaignBudgets/${nextId()}`;
    const campaign = `customers/${cid}/campaigns/${nextId()}`;
    const adGroup = `customers/${cid}/adGroups/${nextId()}`;
    const channel = this.channelOf(request);
    const name = this.campaignName(request);
    return [
      {
        campaignBudgetOperation: {
          create: {
            resourceName: budget,
            name: `${name} budget`,
            amountMicros: this.micros(this.dailyMinor(request), request.currency),
            deliveryMethod: 'STANDARD',
            explicitlyShared: false,
          },
        },
      },
      {
        campaignOperation: {
          create: {
            resourceName: campaign,
            name,
            status: 'PAUSED',
            advertisingChannelType: channel,
            campaignBudget: budget,
            containsEuPoliticalAdvertising: EU_POLITICAL,
            networkSettings:
              channel === 'SEARCH'
                ? { targetGoogleSearch: true, targetSearchNetwork: true, targetContentNetwork: false }
                : { targetGoogleSearch: false, targetSearchNetwork: false, targetContentNetwork: true },
            ...this.bidding(request),
            ...this.schedule(request),
          },
        },
      },
      ...this.campaignCriteria(request, campaign).map((create) => ({
        campaignCriterionOperation: { create },
      })),
      {
        adGroupOperation: {
          create: {
            resourceName: adGroup,
            campaign,
            name: this.adGroupName(request),
            status: 'ENABLED',
            type: channel === 'SEARCH' ? 'SEARCH_STANDARD' : 'DISPLAY_STANDARD',
          },
        },
      },
      ...this.adGroupCriteria(request, adGroup, cid).map((create) => ({
        adGroupCriterionOperation: { create },
      })),
      ...(await this.adOperations(request, adGroup, cid, nextId)),
      { campaignOperation: { update: { resourceName: campaign, status: 'ENABLED' }, updateMask: 'status' } },
    ];
  }

  /**
   * The mutates that bring a running campaign to `request`, read against what Google holds: the budget, the
   * end (and a future start), the criteria that differ, and the ads when they changed (an ad is immutable:
   * new ones replace the old). What Google already holds is not sent again, so an update applied once changes
   * nothing when repeated under the same update reference.
   */
  private async changes(externalId: string, request: PlatformCampaignRequest, options?: CallOptions) {
    const cid = this.customerId(options);
    const now = await this.status(externalId, options);
    if (now.status === 'rejected')
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} rejected this campaign: it cannot change.`,
      );
    if (now.status === 'deleted')
      throw new PlatformError(this.key, 'not_found', `${this.displayName} has no campaign ${externalId}.`);
    const [row] = await this.search(
      cid,
      `SELECT campaign.id, campaign.resource_name, campaign.advertising_channel_type, campaign.start_date_time, campaign.end_date_time, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${externalId}`,
      options,
    );
    const campaign = row?.campaign ?? {};
    const campaignName = String(campaign.resourceName);
    const channel = this.channelOf(request);
    if (request.ads.length > 0 && campaign.advertisingChannelType !== channel)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} cannot change a ${String(campaign.advertisingChannelType).toLowerCase()} campaign into a ${channel.toLowerCase()} one: its campaign type is fixed.`,
      );
    const operations: Json[] = [];
    const warnings: string[] = [];
    const amountMicros = this.micros(this.dailyMinor(request), request.currency);
    const wasMicros = Number(row?.campaignBudget?.amountMicros ?? 0);
    if (String(row?.campaignBudget?.amountMicros) !== amountMicros) {
      operations.push({
        campaignBudgetOperation: {
          update: { resourceName: campaign.campaignBudget, amountMicros },
          updateMask: 'amountMicros',
        },
      });
      const perMinor = 10 ** (6 - minorDigitsOf(request.currency));
      const was = Math.round(wasMicros / perMinor);
      const will = Number(amountMicros) / perMinor;
      if (was > 0 && Math.abs(will - was) / was > 0.2)
        warnings.push(
          `${this.displayName}: the budget moves from ${formatMinor(was, request.currency)} to ${formatMinor(will, request.currency)} a day, more than 20 %: automated bidding needs a few days to adjust.`,
        );
    }
    const schedule = this.schedule(request);
    const today = new Date().toISOString().slice(0, 10);
    const dates: Json = {};
    if (schedule.endDateTime !== campaign.endDateTime) dates.endDateTime = schedule.endDateTime;
    if (
      schedule.startDateTime !== campaign.startDateTime &&
      String(campaign.startDateTime ?? '').slice(0, 10) > today
    )
      dates.startDateTime = schedule.startDateTime;
    if (Object.keys(dates).length > 0)
      operations.push({
        campaignOperation: {
          update: { resourceName: campaignName, ...dates },
          updateMask: Object.keys(dates).join(','),
        },
      });

    // Criteria: keyed by what they target; the ones that differ are removed or created.
    const criterionKey = (c: Json) =>
      JSON.stringify(c.location ?? c.language ?? c.ageRange ?? c.gender ?? c.userInterest ?? null, (_k, v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
      );
    const currentCampaignCriteria = (
      await this.search(
        cid,
        `SELECT campaign_criterion.resource_name, campaign_criterion.location.geo_target_constant, campaign_criterion.language.language_constant FROM campaign_criterion WHERE campaign.id = ${externalId}`,
        options,
      )
    ).map((r) => r.campaignCriterion ?? {});
    const [group] = await this.search(
      cid,
      `SELECT ad_group.resource_name, ad_group.name FROM ad_group WHERE campaign.id = ${externalId} AND ad_group.status != 'REMOVED'`,
      options,
    );
    const adGroup = String(group?.adGroup?.resourceName ?? '');
    const currentAdGroupCriteria = (
      await this.search(
        cid,
        `SELECT ad_group_criterion.resource_name, ad_group_criterion.age_range.type, ad_group_criterion.gender.type, ad_group_criterion.user_interest.user_interest_category FROM ad_group_criterion WHERE campaign.id = ${externalId}`,
        options,
      )
    ).map((r) => r.adGroupCriterion ?? {});
    let audienceChanged = false;
    const diff = (current: Json[], wanted: Json[], operation: string) => {
      const want = new Map(wanted.map((c) => [criterionKey(c), c]));
      const have = new Map(current.map((c) => [criterionKey(c), c]));
      for (const [key, c] of have)
        if (!want.has(key)) {
          operations.push({ [operation]: { remove: c.resourceName } });
          audienceChanged = true;
        }
      for (const [key, c] of want)
        if (!have.has(key)) {
          operations.push({ [operation]: { create: c } });
          audienceChanged = true;
        }
    };
    diff(currentCampaignCriteria, this.campaignCriteria(request, campaignName), 'campaignCriterionOperation');
    if (adGroup)
      diff(currentAdGroupCriteria, this.adGroupCriteria(request, adGroup, cid), 'adGroupCriterionOperation');
    if (audienceChanged)
      warnings.push(
        `${this.displayName}: new targeting changes who sees the ads; automated bidding learns again.`,
      );

    // Ads: the ad group's name carries the hash of the ads it holds.
    const adGroupName = this.adGroupName(request);
    if (adGroup && group?.adGroup?.name !== adGroupName) {
      // Each ad Google holds is kept while the plan still has it as it is (it keeps its approval and
      // history); the others are removed, and the plan's new or rewritten ads are created.
      const held = await this.search(
        cid,
        `SELECT ${HELD_AD_FIELDS.join(', ')} FROM ad_group_ad WHERE campaign.id = ${externalId} AND ad_group_ad.status != 'REMOVED'`,
        options,
      );
      const assetNames = await this.assetNames(
        cid,
        held.flatMap((row) => {
          const display = ((row.adGroupAd?.ad as Json | undefined)?.responsiveDisplayAd ?? {}) as Json;
          return [
            ...((display.marketingImages ?? []) as { asset?: string }[]),
            ...((display.squareMarketingImages ?? []) as { asset?: string }[]),
          ].map((image) => String(image.asset));
        }),
        options,
      );
      const unmatched = request.ads.map((ad) => ({ ad, key: planAdKey(ad) }));
      for (const row of held) {
        const heldKey = heldAdKey((row.adGroupAd?.ad ?? {}) as Json, assetNames);
        const match = unmatched.findIndex((wanted) => wanted.key === heldKey);
        if (match >= 0) unmatched.splice(match, 1);
        else operations.push({ adGroupAdOperation: { remove: row.adGroupAd?.resourceName } });
      }
      let temp = 0;
      const created = { ...request, ads: unmatched.map((wanted) => wanted.ad) };
      operations.push(...(await this.adOperations(created, adGroup, cid, () => --temp)));
      operations.push({
        adGroupOperation: { update: { resourceName: adGroup, name: adGroupName }, updateMask: 'name' },
      });
      if (unmatched.length > 0)
        warnings.push(`${this.displayName}: new or changed ads go through policy review before they serve.`);
    }
    return { operations, warnings };
  }

  /** The names of the image assets `resourceNames` (how a change recognises an ad's pictures). */
  private async assetNames(
    cid: string,
    resourceNames: readonly string[],
    options?: CallOptions,
  ): Promise<Map<string, string>> {
    const unique = [...new Set(resourceNames)].filter((name) => /^customers\/\d+\/assets\/\d+$/.test(name));
    if (unique.length === 0) return new Map();
    const rows = await this.search(
      cid,
      `SELECT asset.resource_name, asset.name FROM asset WHERE asset.resource_name IN (${unique.map((n) => `'${n}'`).join(', ')})`,
      options,
    );
    return new Map(rows.map((row) => [String(row.asset?.resourceName), String(row.asset?.name ?? '')]));
  }

  // ---- HTTP ----

  private customerId(options?: CallOptions): string {
    const id = options?.credentials?.externalAccountId ?? '';
    if (!/^\d{10}$/.test(id))
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} needs a Google Ads customer id (10 digits) for this account: reconnect it under Platforms and choose the client account.`,
      );
    return id;
  }

  private async campaign(externalId: string, options?: CallOptions): Promise<Json> {
    if (!isCampaignId(externalId))
      throw new PlatformError(this.key, 'not_found', `${this.displayName} has no campaign ${externalId}.`);
    const [row] = await this.search(
      this.customerId(options),
      `SELECT campaign.id, campaign.name, campaign.status, campaign.primary_status, campaign.serving_status FROM campaign WHERE campaign.id = ${externalId}`,
      options,
    );
    if (!row?.campaign)
      throw new PlatformError(this.key, 'not_found', `${this.displayName} has no campaign ${externalId}.`);
    return row.campaign;
  }

  private async mutate(
    operations: Json[],
    flags: { validateOnly?: boolean; partialFailure?: boolean },
    options?: CallOptions,
  ): Promise<Json> {
    const cid = this.customerId(options);
    // A launch or a change applies whole (partialFailure false): the campaign page never shows half a plan live.
    return (await this.call(
      'POST',
      `customers/${cid}/googleAds:mutate`,
      {
        mutateOperations: operations,
        partialFailure: flags.partialFailure ?? false,
        validateOnly: flags.validateOnly ?? false,
      },
      options,
    )) as Json;
  }

  private async search(cid: string, query: string, options?: CallOptions, stream = false): Promise<Row[]> {
    if (stream) {
      const batches = (await this.call(
        'POST',
        `customers/${cid}/googleAds:searchStream`,
        { query },
        options,
      )) as {
        results?: Row[];
      }[];
      return batches.flatMap((batch) => batch.results ?? []);
    }
    return (await this.searchWithDate(cid, query, options)).rows;
  }

  private async searchWithDate(cid: string, query: string, options?: CallOptions) {
    const rows: Row[] = [];
    let pageToken: string | undefined;
    let date: string | null = null;
    do {
      const { body, headers } = await this.request(
        'POST',
        `customers/${cid}/googleAds:search`,
        { query, ...(pageToken ? { pageToken } : {}) },
        options,
      );
      date ??= headers.get('date');
      const page = body as { results?: Row[]; nextPageToken?: string };
      rows.push(...(page.results ?? []));
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return { rows, date };
  }

  private async call(method: string, path: string, body: unknown, options?: CallOptions): Promise<unknown> {
    return (await this.request(method, path, body, options)).body;
  }

  private async request(
    method: string,
    path: string,
    body: unknown,
    options?: CallOptions,
  ): Promise<{ body: unknown; headers: Headers }> {
    const { settings } = this.options;
    const credentials: PlatformCredentials | undefined = options?.credentials;
    if (!credentials?.accessToken)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} is not connected: connect it under Platforms.`,
      );
    const headers: Record<string, string> = {
      Authorization: `Bearer ${credentials.accessToken}`,
      'developer-token': settings.developerToken,
    };
    if (credentials.managerAccountId) headers['login-customer-id'] = credentials.managerAccountId;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetch(`${settings.url}/${settings.version}/${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(options?.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      options?.signal?.throwIfAborted();
      throw new PlatformError(
        this.key,
        'unavailable',
        `${this.displayName} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) throw this.errorOf(response.status, parsed);
    return { body: parsed, headers: response.headers };
  }

  /** A Google Ads error body (a google.rpc.Status with a GoogleAdsFailure) as our PlatformError. */
  errorOf(httpStatus: number, body: unknown): PlatformError {
    const status = (Array.isArray(body) ? body[0] : body) as { error?: Json } | null;
    const error = status?.error ?? {};
    const details = (error.details ?? []) as Json[];
    const failure = details.find((d) => String(d['@type'] ?? '').endsWith('.errors.GoogleAdsFailure'));
    const entries = ((failure?.errors ?? []) as FailureEntry[]).filter(Boolean);
    const first = entries[0];
    const category = first?.errorCode ? Object.keys(first.errorCode)[0] : undefined;
    const code = category ? first?.errorCode?.[category] : undefined;
    const message = first?.message ?? String(error.message ?? `HTTP ${httpStatus}`);
    const name = this.displayName;
    const quota = entries.find((e) => e.errorCode?.quotaError);
    if (quota || httpStatus === 429) {
      const delay = /^(\d+(?:\.\d+)?)s$/.exec(quota?.details?.quotaErrorDetails?.retryDelay ?? '');
      const seconds = delay ? Math.max(1, Math.ceil(Number(delay[1]))) : 30;
      return new PlatformError(
        this.key,
        'rate_limited',
        `${name} is limiting requests; retry after ${seconds} s (${message}).`,
        seconds,
      );
    }
    if (
      category === 'authenticationError' ||
      category === 'authorizationError' ||
      httpStatus === 401 ||
      httpStatus === 403
    ) {
      const reason = code ?? String((details[0] as Json | undefined)?.reason ?? error.status ?? httpStatus);
      if (code === 'OAUTH_TOKEN_EXPIRED')
        return new PlatformError(
          this.key,
          'credentials_expired',
          `The connection to ${name} has expired (${code}: ${message}). Reconnect the ad account, then try again.`,
        );
      return new PlatformError(
        this.key,
        'credentials_expired',
        `${name} refused the call (${reason}: ${message}). Reconnect it under Platforms.`,
      );
    }
    if (httpStatus >= 500 || category === 'internalError')
      return new PlatformError(this.key, 'unavailable', `${name} is unavailable (${message}).`);
    if (httpStatus === 404 || code === 'RESOURCE_NOT_FOUND')
      return new PlatformError(this.key, 'not_found', `${name} has no such resource (${message}).`);
    // Every distinct problem, each with its field path: a pre-flight reads them all at once.
    const problems = [...new Set(entries.map((entry) => this.problemOf(entry)))];
    return new PlatformError(
      this.key,
      'validation',
      problems.length > 1 ? `${problems.length} problems: ${problems.join('; ')}` : (problems[0] ?? message),
    );
  }

  /** One GoogleAdsError as a sentence: its message, and the field path (with the value) it blames. */
  private problemOf(entry: FailureEntry): string {
    const message = entry.message ?? 'Google Ads refused the request.';
    const path = entry.location?.fieldPathElements
      ?.map((e) => (e.index !== undefined ? `${e.fieldName}[${e.index}]` : e.fieldName))
      .join('.');
    const trigger = entry.trigger?.stringValue;
    const where = path && !/^mutate_operations\[\d+\]$/.test(path) ? path : null;
    return where ? `${message} (${where}${trigger ? `: ${trigger}` : ''})` : message;
  }
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The calendar day of an HTTP `Date` header in the account's time zone (the local clock without one). */
function dayIn(date: string | null, timeZone: string): string {
  const instant = date && !Number.isNaN(Date.parse(date)) ? new Date(date) : new Date();
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}

export type { PlatformAd };

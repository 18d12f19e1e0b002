import { createHmac } from 'node:crypto';
import type { AudienceEstimate, Interest, PlatformRules } from '@contract/planning';
import type { MetaGraphSettings } from '../apiSettings';
import {
  type AudienceEstimateQuery,
  type CallOptions,
  type CompletedGrant,
  type DeliveryReport,
  type DeliveryRequest,
  type GrantTokens,
  type PlatformAd,
  type PlatformAdMedia,
  type PlatformCampaign,
  type PlatformCampaignRequest,
  type PlatformConnector,
  type PlatformCredentials,
  PlatformError,
} from '../connector';
import type { MediaReader } from '../mediaReader';
import { SANDBOX_PLATFORMS } from '../sandbox/data';
import { sleep } from '../sleep';
import { adNames } from './adNames';
import { type GraphErrorBody, graphError } from './errors';
import { spendToMinor, toMetaAmount } from './money';

/**
 * Meta's Marketing API over the Graph API (`graph`): an HTTP client of `${url}/${version}/…` speaking the API
 * as it is — GETs with the params in the query, form-encoded POSTs with JSON-valued params as JSON strings,
 * `access_token` (+ `appsecret_proof`) on every call, numeric-string ids and `act_<id>` ad account paths.
 * What it calls for each operation: docs/platforms/meta.md.
 *
 * A plan maps as: our campaign → one Meta campaign (ad-set budgets, `is_adset_budget_sharing_enabled=false`);
 * each flight → one ad set (Meta's ad set has one schedule and one budget, so a flight is exactly an ad set:
 * its `lifetime_budget`, `start_time`/`end_time` and pacing); each of our ads → an ad in every ad set, on a
 * creative (`object_story_spec` with the Page from `me/accounts`) over uploaded images (`adimages`, hash) and
 * videos (`advideos`). The launch reference rides in the campaign's name (`… [fp:<reference>]`), which is how a
 * second launch and `findByReference` find it.
 */

type Params = Record<string, unknown>;
type Json = Record<string, unknown>;

export const REQUIRED_PERMISSIONS = ['ads_management', 'ads_read'] as const;

/** Our objective ids (contract/reference OBJECTIVES) → Meta's outcome objectives and their usual optimization goal. */
export const OBJECTIVE_MAP: Record<number, { objective: string; optimizationGoal: string }> = {
  1: { objective: 'OUTCOME_AWARENESS', optimizationGoal: 'REACH' },
  2: { objective: 'OUTCOME_TRAFFIC', optimizationGoal: 'LINK_CLICKS' },
  3: { objective: 'OUTCOME_ENGAGEMENT', optimizationGoal: 'POST_ENGAGEMENT' },
  4: { objective: 'OUTCOME_LEADS', optimizationGoal: 'LEAD_GENERATION' },
  5: { objective: 'OUTCOME_APP_PROMOTION', optimizationGoal: 'APP_INSTALLS' },
  6: { objective: 'OUTCOME_SALES', optimizationGoal: 'OFFSITE_CONVERSIONS' },
};

export type GraphFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface GraphConnectorOptions {
  /**
   * An ad's files (the `original`): Meta takes images as `bytes` (base64) and videos as a file upload; it
   * cannot fetch our signed-in `/api/assets/{id}/file`. Unset: a launch with media is refused as `unavailable`.
   */
  readMedia?: MediaReader;
}

const referenceTag = (reference: string) => `[fp:${reference}]`;
const updateLabel = (reference: string) => `fp-update:${reference}`;
const flightName = (index: number, flight: { startDate: string; endDate: string }) =>
  `Flight ${index + 1} (${flight.startDate} to ${flight.endDate})`;
const realToday = () => new Date().toISOString().slice(0, 10);
/** Ranges longer than this are read as an asynchronous report run (Meta's advice for large insights queries). */
const ASYNC_INSIGHTS_AFTER_DAYS = 31;
/** How often a report run's status is asked for. */
const REPORT_POLL_MS = 1000;
/** How often, and how many times, an uploaded video's processing is asked about before the launch retries later. */
const VIDEO_POLL_MS = 1000;
const VIDEO_POLLS = 30;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export class GraphConnector implements PlatformConnector {
  private readonly pages = new Map<string, string>();
  private readonly locales = new Map<string, number | null>();
  private readonly accounts = new Map<string, string>();
  /** Each ad account's billing currency (`act_<id>?fields=currency`): fixed at its creation, asked once. */
  private readonly currencies = new Map<string, string>();
  /** Videos uploaded by this server, by ad account and asset (`act_<id>:<assetId>` → Meta's video id). */
  private readonly videos = new Map<string, string>();

  constructor(
    readonly key: string,
    readonly displayName: string,
    private readonly settings: MetaGraphSettings,
    private readonly fetcher: GraphFetch = (url, init) => fetch(url, init),
    private readonly options: GraphConnectorOptions = {},
  ) {}

  // —— HTTP ——

  private appToken() {
    return `${this.settings.appId}|${this.settings.appSecret}`;
  }

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Params,
    options: {
      token?: string;
      signal?: AbortSignal;
      body?: FormData;
      notFound?: string;
      headers?: (headers: Headers) => void;
    } = {},
  ): Promise<Json> {
    const encoded = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      encoded.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    if (options.token) {
      encoded.set('access_token', options.token);
      if (!options.token.includes('|'))
        encoded.set(
          'appsecret_proof',
          createHmac('sha256', this.settings.appSecret).update(options.token).digest('hex'),
        );
    }
    let url = `${this.settings.url}/${this.settings.version}/${path}`;
    const init: RequestInit = { method, signal: options.signal ?? null };
    if (method === 'GET') url += `?${encoded}`;
    else if (options.body) {
      for (const [name, value] of encoded) options.body.set(name, value);
      init.body = options.body;
    } else {
      init.body = encoded.toString();
      init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    }
    return this.send(url, init, options);
  }

  private async send(
    url: string,
    init: RequestInit,
    options: { signal?: AbortSignal; notFound?: string; headers?: (headers: Headers) => void },
  ): Promise<Json> {
    let response: Response;
    try {
      response = await this.fetcher(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new PlatformError(
        this.key,
        'unavailable',
        `${this.displayName} did not answer: ${(error as Error).message}`,
      );
    }
    options.headers?.(response.headers);
    let body: Json | null = null;
    try {
      body = (await response.json()) as Json;
    } catch {
      body = null;
    }
    if (!response.ok || !body || body.error) {
      throw graphError(
        this.key,
        this.displayName,
        response.status,
        (body?.error as GraphErrorBody | undefined) ?? undefined,
        response.headers,
        { notFound: options.notFound },
      );
    }
    return body;
  }

  /** Every page of an edge (`paging.next`), as Graph's cursor pagination gives it. */
  private async all(
    path: string,
    params: Params,
    token: string,
    signal?: AbortSignal,
    headers?: (headers: Headers) => void,
  ): Promise<Json[]> {
    const first = await this.call('GET', path, { limit: 200, ...params }, { token, signal, headers });
    const rows = [...((first.data as Json[] | undefined) ?? [])];
    let next = (first.paging as { next?: string } | undefined)?.next;
    for (let page = 0; next && page < 50; page++) {
      const more = await this.send(next, { method: 'GET', signal: signal ?? null }, { signal });
      rows.push(...((more.data as Json[] | undefined) ?? []));
      next = (more.paging as { next?: string } | undefined)?.next;
    }
    return rows;
  }

  /**
   * The call's token and the ad account's `act_<id>`. A connection made before the Graph connector (the
   * in-process sandbox's ids, `meta-act-…`) names no Graph id: its grant's only ad account stands for it.
   */
  private async credentials(options?: CallOptions): Promise<PlatformCredentials & { act: string }> {
    const credentials = options?.credentials;
    if (!credentials)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} is not connected: connect it under Platforms.`,
      );
    const id = credentials.externalAccountId;
    let act = /^act_\d+$/.test(id)
      ? id
      : /^\d+$/.test(id)
        ? `act_${id}`
        : this.accounts.get(credentials.accessToken);
    if (!act) {
      const accounts = await this.all(
        'me/adaccounts',
        { fields: 'id' },
        credentials.accessToken,
        options?.signal,
      );
      if (accounts.length !== 1)
        throw new PlatformError(
          this.key,
          'credentials_expired',
          `${this.displayName}: the connection names ad account "${id}", not one of Meta's (act_<id>). Reconnect it under Platforms.`,
        );
      act = String(accounts[0]!.id);
      this.accounts.set(credentials.accessToken, act);
    }
    return { ...credentials, act };
  }

  // —— the grant ——

  async completeGrant(tokens: GrantTokens, options?: CallOptions): Promise<CompletedGrant> {
    const signal = options?.signal;
    const exchanged = await this.call(
      'GET',
      'oauth/access_token',
      {
        grant_type: 'fb_exchange_token',
        client_id: this.settings.appId,
        client_secret: this.settings.appSecret,
        fb_exchange_token: tokens.accessToken,
      },
      { signal },
    );
    const accessToken = String(exchanged.access_token);
    const debug = (
      await this.call('GET', 'debug_token', { input_token: accessToken }, { token: this.appToken(), signal })
    ).data as Json;
    if (!debug?.is_valid)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} says the login is not valid. Connect again.`,
      );
    const scopes = ((debug.scopes as string[] | undefined) ?? []).map(String);
    const missing = REQUIRED_PERMISSIONS.filter((permission) => !scopes.includes(permission));
    if (missing.length > 0)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} did not grant ${missing.join(' and ')}: connect again and allow ${missing.length > 1 ? 'them' : 'it'}.`,
      );
    const expiresAt = Number(debug.expires_at ?? 0);
    const accounts = await this.all(
      'me/adaccounts',
      { fields: 'id,name,currency,account_status' },
      accessToken,
      signal,
    );
    return {
      tokens: {
        accessToken,
        refreshToken: null,
        accessExpiresAt:
          expiresAt > 0
            ? new Date(expiresAt * 1000)
            : new Date(Date.now() + Number(exchanged.expires_in ?? 0) * 1000),
        refreshExpiresAt: null,
        scope: scopes.join(' '),
      },
      // account_status 1 = ACTIVE; disabled, unsettled or closed accounts cannot run campaigns.
      adAccounts: accounts
        .filter((account) => Number(account.account_status) === 1)
        .map((account) => ({
          id: String(account.id),
          name: String(account.name ?? account.id),
          currency: typeof account.currency === 'string' ? account.currency : null,
          managerId: null,
          managerName: null,
        })),
    };
  }

  async revokeGrant(accessToken: string, options?: CallOptions): Promise<void> {
    await this.call('DELETE', 'me/permissions', {}, { token: accessToken, signal: options?.signal });
  }

  // —— planning ——

  /** Meta publishes no rules endpoint: the rules are the sandbox's data file for Meta (server/platforms/sandbox/data/meta.ts). */
  async rules(): Promise<PlatformRules> {
    return SANDBOX_PLATFORMS.get('meta')!.rules;
  }

  private interestOf(row: Json): Interest {
    const path = ((row.path as string[] | undefined) ?? []).map(String);
    const lower = Number(row.audience_size_lower_bound ?? 0);
    const upper = Number(row.audience_size_upper_bound ?? lower);
    return {
      id: String(row.id),
      name: String(row.name),
      path: path.at(-1) === row.name ? path.slice(0, -1) : path,
      audienceSize: Math.round((lower + upper) / 2),
    };
  }

  async searchInterests(query: string, limit: number, options?: CallOptions): Promise<Interest[]> {
    const rows = await this.call(
      'GET',
      'search',
      { type: 'adinterest', q: query, limit },
      { token: this.appToken(), signal: options?.signal },
    );
    return ((rows.data as Json[]) ?? []).slice(0, limit).map((row) => this.interestOf(row));
  }

  async interestsByIds(ids: readonly string[], options?: CallOptions): Promise<Interest[]> {
    if (ids.length === 0) return [];
    const rows = await this.call(
      'GET',
      'search',
      { type: 'adinterestvalid', interest_fbid_list: [...ids] },
      { token: this.appToken(), signal: options?.signal },
    );
    const known = new Map(
      ((rows.data as Json[]) ?? [])
        .filter((row) => row.valid !== false)
        .map((row) => [String(row.id), this.interestOf(row)]),
    );
    return ids.flatMap((id) => known.get(id) ?? []);
  }

  async estimateAudience(query: AudienceEstimateQuery, options?: CallOptions): Promise<AudienceEstimate> {
    if (!options?.credentials)
      throw new PlatformError(
        this.key,
        'credentials_expired',
        `${this.displayName} estimates audiences for an ad account: connect ${this.displayName} under Platforms first.`,
      );
    const { act, accessToken } = await this.credentials(options);
    const answer = await this.call(
      'GET',
      `${act}/delivery_estimate`,
      {
        targeting_spec: await this.targeting(query.audience, accessToken, options?.signal),
        optimization_goal: OBJECTIVE_MAP[query.objectiveId]?.optimizationGoal ?? 'REACH',
        objective: OBJECTIVE_MAP[query.objectiveId]?.objective,
      },
      { token: accessToken, signal: options?.signal },
    );
    const row = ((answer.data as Json[]) ?? [])[0] ?? {};
    const lower = Number(row.estimate_mau_lower_bound ?? 0);
    const upper = Number(row.estimate_mau_upper_bound ?? lower);
    const rules = await this.rules();
    const count = (n: number) => n.toLocaleString('en-US');
    const base = { platform: this.key, lower, upper };
    if (upper < rules.minAudienceSize)
      return {
        ...base,
        guidance: 'too_narrow',
        message: `Too narrow for ${this.displayName}: add locations or interests, or widen the ages, to reach at least ${count(rules.minAudienceSize)} people.`,
      };
    if (query.dailyBudgetMinor !== null && lower > query.dailyBudgetMinor * rules.maxReachPerDailyMinor)
      return {
        ...base,
        guidance: 'too_broad',
        message: `Too broad for the daily budget on ${this.displayName}: narrow the audience (locations, ages or interests) or raise the budget so it can reach more of these ${count(lower)}+ people.`,
      };
    return { ...base, guidance: 'fits', message: null };
  }

  // —— wire shapes ——

  private async locale(language: string, token: string, signal?: AbortSignal): Promise<number | null> {
    if (this.locales.has(language)) return this.locales.get(language)!;
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
    const rows = await this.call('GET', 'search', { type: 'adlocale', q: name }, { token, signal });
    const key = ((rows.data as Json[]) ?? [])[0]?.key;
    const found = key === undefined ? null : Number(key);
    this.locales.set(language, found);
    return found;
  }

  private async targeting(
    audience: AudienceEstimateQuery['audience'],
    token: string,
    signal?: AbortSignal,
  ): Promise<Json> {
    const locales: number[] = [];
    for (const language of audience.languages) {
      const key = await this.locale(language, token, signal);
      if (key !== null) locales.push(key);
    }
    return {
      geo_locations: { countries: audience.locations },
      age_min: audience.ageMin,
      age_max: audience.ageMax,
      ...(audience.genders.length === 1 ? { genders: [audience.genders[0] === 'male' ? 1 : 2] } : {}),
      ...(locales.length ? { locales } : {}),
      ...(audience.interests.length
        ? { flexible_spec: [{ interests: audience.interests.map((id) => ({ id })) }] }
        : {}),
      publisher_platforms: ['facebook', 'instagram'],
      facebook_positions: ['feed'],
      instagram_positions: ['stream', 'story'],
      // Our own ages, genders and interests: Meta's Advantage+ audience must not widen them (v23+: explicit).
      targeting_automation: { advantage_audience: 0 },
    };
  }

  private adSetParams(request: PlatformCampaignRequest, index: number, targeting: Json): Params {
    const adSet = request.adSet!;
    const flight = adSet.flights[index]!;
    const goal = OBJECTIVE_MAP[request.objectiveId]?.optimizationGoal ?? 'REACH';
    return {
      name: flightName(index, flight),
      lifetime_budget: String(toMetaAmount(flight.amountMinor, request.currency)),
      start_time: `${flight.startDate}T00:00:00+0000`,
      end_time: `${flight.endDate}T23:59:59+0000`,
      pacing_type: [flight.pacing === 'front_loaded' ? 'no_pacing' : 'standard'],
      billing_event: 'IMPRESSIONS',
      optimization_goal: goal,
      bid_strategy: adSet.bidStrategy === 'cost_cap' ? 'COST_CAP' : 'LOWEST_COST_WITHOUT_CAP',
      ...(adSet.bidStrategy === 'cost_cap' && adSet.costCapMinor
        ? { bid_amount: String(toMetaAmount(adSet.costCapMinor, request.currency)) }
        : {}),
      targeting,
    };
  }

  private campaignParams(request: PlatformCampaignRequest, status: string): Params {
    const objective = OBJECTIVE_MAP[request.objectiveId];
    if (!objective)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} has no objective for objective ${request.objectiveId}.`,
      );
    return {
      name: `${request.name} ${referenceTag(request.reference)}`,
      objective: objective.objective,
      special_ad_categories: [],
      status,
      // Each flight's ad set keeps its own budget: nothing moves between flights.
      is_adset_budget_sharing_enabled: 'false',
    };
  }

  private requirePlan(request: PlatformCampaignRequest) {
    if (!request.adSet || request.adSet.flights.length === 0)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} needs the plan's audience and flights: open the plan and complete them.`,
      );
  }

  /**
   * Meta takes every amount in the ad account's currency: a plan in another one would spend other sums than
   * planned, so it is refused before anything is created (never converted).
   */
  private async requireCurrency(
    act: string,
    request: PlatformCampaignRequest,
    token: string,
    signal?: AbortSignal,
  ) {
    let currency = this.currencies.get(act);
    if (!currency) {
      const account = await this.call('GET', act, { fields: 'currency' }, { token, signal });
      currency = String(account.currency ?? '');
      if (currency) this.currencies.set(act, currency);
    }
    if (currency && currency !== request.currency)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} bills the ad account ${act} in ${currency}, and this plan is in ${request.currency}: plan in ${currency}, or connect an ad account that bills in ${request.currency}.`,
      );
  }

  private async pageId(token: string, signal?: AbortSignal): Promise<string> {
    const known = this.pages.get(token);
    if (known) return known;
    const pages = await this.all('me/accounts', { fields: 'id,name' }, token, signal);
    const page = pages[0];
    if (!page)
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName}: the connected login manages no Facebook Page to run the ads as.`,
      );
    this.pages.set(token, String(page.id));
    return String(page.id);
  }

  private async uploadMedia(
    act: string,
    media: PlatformAdMedia,
    token: string,
    signal?: AbortSignal,
  ): Promise<string> {
    // A video is uploaded once per ad account: every flight's ad, and a launch retried while Meta still
    // processes it, use the same video instead of starting its processing again.
    const videoKey = `${act}:${media.assetId}`;
    const uploaded = media.kind === 'video' ? this.videos.get(videoKey) : undefined;
    if (uploaded) return uploaded;
    if (!this.options.readMedia)
      throw new PlatformError(
        this.key,
        'unavailable',
        `${this.displayName} needs the file of ${media.kind} ${media.assetId}, and this server has no asset reader for the Meta connector.`,
      );
    const bytes = await this.options.readMedia.original(media);
    if (!bytes)
      throw new PlatformError(
        this.key,
        'validation',
        `The ${media.kind} ${media.assetId} is no longer in the library.`,
      );
    if (media.kind === 'image') {
      const answer = await this.call(
        'POST',
        `${act}/adimages`,
        { bytes: Buffer.from(bytes).toString('base64') },
        { token, signal },
      );
      const images = Object.values((answer.images as Record<string, { hash: string }>) ?? {});
      return images[0]!.hash;
    }
    const form = new FormData();
    form.set('source', new Blob([new Uint8Array(bytes)], { type: media.mimeType }), `${media.assetId}.mp4`);
    form.set('name', media.assetId);
    const answer = await this.call('POST', `${act}/advideos`, {}, { token, signal, body: form });
    this.videos.set(videoKey, String(answer.id));
    return String(answer.id);
  }

  /**
   * The preferred thumbnail Meta made of an uploaded video (`GET <video>/thumbnails`), once the video is
   * processed (`status.video_status` ready). Still processing after the polls: `unavailable`, so the launch
   * job retries later; Meta failing to process it: the planner must upload another file.
   */
  private async videoThumbnail(videoId: string, token: string, signal?: AbortSignal): Promise<string> {
    for (let poll = 1; ; poll++) {
      const video = await this.call('GET', videoId, { fields: 'status' }, { token, signal });
      const status = (video.status as { video_status?: string } | undefined)?.video_status;
      if (status === 'ready') break;
      if (status === 'error')
        throw new PlatformError(
          this.key,
          'validation',
          `${this.displayName} could not process the video ${videoId}: upload it again, or another file.`,
        );
      if (poll >= VIDEO_POLLS)
        throw new PlatformError(
          this.key,
          'unavailable',
          `${this.displayName} is still processing the video ${videoId}; the launch tries again shortly.`,
          30,
        );
      await sleep(VIDEO_POLL_MS, signal);
    }
    const thumbnails = await this.call(
      'GET',
      `${videoId}/thumbnails`,
      { fields: 'uri,is_preferred' },
      { token, signal },
    );
    const list = (thumbnails.data as Json[] | undefined) ?? [];
    const chosen = list.find((t) => t.is_preferred === true) ?? list[0];
    if (typeof chosen?.uri !== 'string')
      throw new PlatformError(
        this.key,
        'unavailable',
        `${this.displayName} has no thumbnail of the video ${videoId} yet; the launch tries again shortly.`,
        30,
      );
    return chosen.uri;
  }

  private async creativeSpec(
    act: string,
    ad: PlatformAd,
    token: string,
    signal?: AbortSignal,
  ): Promise<Json> {
    const page_id = await this.pageId(token, signal);
    const text = (key: string) => ad.texts[key]?.[0];
    const call_to_action = { type: ad.callToAction || 'LEARN_MORE', value: { link: ad.destination } };
    if (ad.format === 'video') {
      const video = ad.media.find((m) => m.kind === 'video');
      const videoId = video ? await this.uploadMedia(act, video, token, signal) : undefined;
      return {
        page_id,
        video_data: {
          video_id: videoId,
          // Meta requires a thumbnail on every video creative: its own preferred frame, once processed.
          ...(videoId ? { image_url: await this.videoThumbnail(videoId, token, signal) } : {}),
          message: text('primaryText'),
          title: text('headline'),
          call_to_action,
        },
      };
    }
    const hashes: string[] = [];
    for (const media of ad.media) hashes.push(await this.uploadMedia(act, media, token, signal));
    const link_data: Json = { link: ad.destination, message: text('primaryText'), call_to_action };
    if (ad.format === 'carousel')
      link_data.child_attachments = hashes.map((image_hash) => ({
        link: ad.destination,
        image_hash,
        name: text('headline'),
      }));
    else
      Object.assign(link_data, {
        image_hash: hashes[0],
        name: text('headline'),
        description: text('description'),
      });
    return { page_id, link_data };
  }

  private async createAds(
    act: string,
    adSetId: string,
    ads: PlatformAd[],
    token: string,
    signal?: AbortSignal,
    existing: ReadonlyMap<string, Json> = new Map(),
  ) {
    const names = adNames(ads);
    for (const [index, ad] of ads.entries()) {
      const name = names[index]!;
      const found = existing.get(name);
      if (found) {
        // The same ad as before: it runs on (resumed if a change had taken it out), nothing is made anew.
        if (found.status === 'PAUSED')
          await this.call('POST', String(found.id), { status: 'ACTIVE' }, { token, signal });
        continue;
      }
      const spec = await this.creativeSpec(act, ad, token, signal);
      const creative = await this.call(
        'POST',
        `${act}/adcreatives`,
        { name, object_story_spec: spec },
        { token, signal },
      );
      await this.call(
        'POST',
        `${act}/ads`,
        { name, adset_id: adSetId, creative: { creative_id: String(creative.id) }, status: 'ACTIVE' },
        { token, signal },
      );
    }
  }

  // —— campaigns ——

  async validate(request: PlatformCampaignRequest, options?: CallOptions): Promise<void> {
    const { act, accessToken } = await this.credentials(options);
    const signal = options?.signal;
    this.requirePlan(request);
    await this.requireCurrency(act, request, accessToken, signal);
    // Meta validates one object against its real parent: the campaign here, then each flight's ad set against a
    // campaign that already exists (ours, once launched) is what `update`'s validate-only checks.
    await this.call(
      'POST',
      `${act}/campaigns`,
      { ...this.campaignParams(request, 'PAUSED'), execution_options: ['validate_only'] },
      { token: accessToken, signal },
    );
    const existing = await this.findCampaign(act, request.reference, accessToken, signal);
    const targeting = await this.targeting(request.adSet!.audience, accessToken, signal);
    if (!existing) {
      // Before the campaign exists its ad sets cannot be validated; their targeting can, against the ad account:
      // the delivery estimate refuses what Meta would (code 100), such as an interest retired since the plan
      // was saved.
      await this.call(
        'GET',
        `${act}/delivery_estimate`,
        {
          targeting_spec: targeting,
          optimization_goal: OBJECTIVE_MAP[request.objectiveId]?.optimizationGoal ?? 'REACH',
          objective: OBJECTIVE_MAP[request.objectiveId]?.objective,
        },
        { token: accessToken, signal },
      );
    } else {
      for (const index of request.adSet!.flights.keys())
        await this.call(
          'POST',
          `${act}/adsets`,
          {
            ...this.adSetParams(request, index, targeting),
            campaign_id: existing.id,
            execution_options: ['validate_only'],
          },
          { token: accessToken, signal },
        );
    }
  }

  private async findCampaign(act: string, reference: string, token: string, signal?: AbortSignal) {
    const rows = await this.all(
      `${act}/campaigns`,
      {
        fields: 'id,name,status,effective_status',
        filtering: [{ field: 'name', operator: 'CONTAIN', value: referenceTag(reference) }],
      },
      token,
      signal,
    );
    const row = rows.find((r) => String(r.name).endsWith(referenceTag(reference)) && r.status !== 'DELETED');
    return row ? { id: String(row.id), status: String(row.status) } : null;
  }

  async launch(request: PlatformCampaignRequest, options?: CallOptions): Promise<PlatformCampaign> {
    const { act, accessToken } = await this.credentials(options);
    const signal = options?.signal;
    this.requirePlan(request);
    await this.requireCurrency(act, request, accessToken, signal);
    const found = await this.findCampaign(act, request.reference, accessToken, signal);
    // Built paused, switched on once complete: a launch cut off half-way never delivers half a campaign.
    const campaignId =
      found?.id ??
      String(
        (
          await this.call('POST', `${act}/campaigns`, this.campaignParams(request, 'PAUSED'), {
            token: accessToken,
            signal,
          })
        ).id,
      );
    const adSets = await this.all(`${campaignId}/adsets`, { fields: 'id,name' }, accessToken, signal);
    const complete = found && adSets.length >= request.adSet!.flights.length;
    if (!complete) {
      const targeting = await this.targeting(request.adSet!.audience, accessToken, signal);
      for (const [index, flight] of request.adSet!.flights.entries()) {
        const name = flightName(index, flight);
        let adSetId = adSets.find((row) => row.name === name)?.id as string | undefined;
        let existingAds = new Map<string, Json>();
        if (adSetId)
          existingAds = new Map(
            (await this.all(`${adSetId}/ads`, { fields: 'id,name,status' }, accessToken, signal)).map(
              (row) => [String(row.name), row],
            ),
          );
        else
          adSetId = String(
            (
              await this.call(
                'POST',
                `${act}/adsets`,
                { ...this.adSetParams(request, index, targeting), campaign_id: campaignId, status: 'ACTIVE' },
                { token: accessToken, signal },
              )
            ).id,
          );
        await this.createAds(act, adSetId, request.ads, accessToken, signal, existingAds);
      }
      await this.call('POST', campaignId, { status: 'ACTIVE' }, { token: accessToken, signal });
    }
    return this.status(campaignId, options);
  }

  async status(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    const { accessToken } = await this.credentials(options);
    const signal = options?.signal;
    const notFound = `${this.displayName} has no campaign ${externalId}.`;
    const campaign = await this.call(
      'GET',
      externalId,
      { fields: 'id,name,status,effective_status' },
      { token: accessToken, signal, notFound },
    );
    if (campaign.status === 'DELETED' || campaign.effective_status === 'DELETED')
      return { externalId, status: 'deleted', reason: null };
    const ads = await this.all(
      `${externalId}/ads`,
      { fields: 'id,name,status,effective_status,ad_review_feedback' },
      accessToken,
      signal,
    );
    // The campaign runs once one of its ads passed review (ads added later are reviewed while the others
    // deliver); it is rejected when none passed and Meta disapproved one; in review while they all wait.
    const running = ads.filter((ad) => ad.status !== 'PAUSED');
    const passed = running.some(
      (ad) =>
        !['PENDING_REVIEW', 'IN_PROCESS', 'DISAPPROVED', 'WITH_ISSUES'].includes(String(ad.effective_status)),
    );
    const rejected = running.find((ad) => ad.effective_status === 'DISAPPROVED');
    if (!passed && rejected) {
      const feedback =
        (rejected.ad_review_feedback as { global?: Record<string, string> } | undefined)?.global ?? {};
      const reason =
        Object.values(feedback)[0] ??
        Object.keys(feedback)[0] ??
        `${this.displayName} disapproved the ad "${String(rejected.name)}".`;
      return { externalId, status: 'rejected', reason };
    }
    if (
      !passed &&
      running.some((ad) => ad.effective_status === 'PENDING_REVIEW' || ad.effective_status === 'IN_PROCESS')
    )
      return { externalId, status: 'in_review', reason: null };
    if (campaign.status === 'PAUSED') return { externalId, status: 'paused', reason: null };
    return { externalId, status: 'active', reason: null };
  }

  private async applyUpdate(
    externalId: string,
    request: PlatformCampaignRequest,
    options: CallOptions | undefined,
    validateOnly: boolean,
  ): Promise<string[]> {
    const { act, accessToken } = await this.credentials(options);
    const signal = options?.signal;
    this.requirePlan(request);
    const notFound = `${this.displayName} has no campaign ${externalId}.`;
    const campaign = await this.call(
      'GET',
      externalId,
      { fields: 'id,name,status,adlabels' },
      { token: accessToken, signal, notFound },
    );
    if (campaign.status === 'DELETED') throw new PlatformError(this.key, 'not_found', notFound);
    const labels = ((campaign.adlabels as { name: string }[] | undefined) ?? []).map((label) => label.name);
    if (!validateOnly && labels.includes(updateLabel(request.reference))) return [];
    const current = await this.status(externalId, options);
    if (current.status === 'rejected')
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} rejected this campaign: it cannot change.`,
      );
    const extra = validateOnly ? { execution_options: ['validate_only', 'include_recommendations'] } : {};
    const targeting = await this.targeting(request.adSet!.audience, accessToken, signal);
    const adSets = await this.all(
      `${externalId}/adsets`,
      { fields: 'id,name,lifetime_budget,end_time' },
      accessToken,
      signal,
    );
    const warnings: string[] = [];
    const flights = request.adSet!.flights;
    for (const [index] of flights.entries()) {
      const params = this.adSetParams(request, index, targeting);
      const existing = adSets.find((row) => String(row.name).startsWith(`Flight ${index + 1} (`));
      if (existing) {
        const answer = await this.call(
          'POST',
          String(existing.id),
          { ...params, ...extra },
          { token: accessToken, signal },
        );
        for (const item of (answer.recommendations as { message?: string }[] | undefined) ?? [])
          if (item.message) warnings.push(item.message);
        if (!validateOnly) {
          const ads = await this.all(
            `${String(existing.id)}/ads`,
            { fields: 'id,name,status' },
            accessToken,
            signal,
          );
          const wanted = new Set(adNames(request.ads));
          await this.createAds(
            act,
            String(existing.id),
            request.ads,
            accessToken,
            signal,
            new Map(ads.map((ad) => [String(ad.name), ad])),
          );
          for (const ad of ads)
            if (!wanted.has(String(ad.name)) && ad.status !== 'PAUSED')
              await this.call('POST', String(ad.id), { status: 'PAUSED' }, { token: accessToken, signal });
        }
      } else {
        await this.call(
          'POST',
          `${act}/adsets`,
          { ...params, campaign_id: externalId, status: 'ACTIVE', ...extra },
          { token: accessToken, signal },
        );
        if (!validateOnly) {
          const created = await this.all(`${externalId}/adsets`, { fields: 'id,name' }, accessToken, signal);
          const adSet = created.find((row) => row.name === params.name);
          if (adSet) await this.createAds(act, String(adSet.id), request.ads, accessToken, signal);
        }
      }
    }
    // Flights the plan no longer has: their ad sets stop.
    for (const row of adSets) {
      const index = Number(/^Flight (\d+) \(/.exec(String(row.name))?.[1] ?? 0) - 1;
      if (index >= flights.length && !validateOnly)
        await this.call('POST', String(row.id), { status: 'PAUSED' }, { token: accessToken, signal });
    }
    if (!validateOnly)
      await this.call(
        'POST',
        externalId,
        { adlabels: [...labels, updateLabel(request.reference)].map((name) => ({ name })) },
        { token: accessToken, signal },
      );
    return warnings;
  }

  async update(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<PlatformCampaign> {
    await this.applyUpdate(externalId, request, options, false);
    return this.status(externalId, options);
  }

  async validateUpdate(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<string[]> {
    return this.applyUpdate(externalId, request, options, true);
  }

  private async setStatus(
    externalId: string,
    status: 'ACTIVE' | 'PAUSED',
    options?: CallOptions,
  ): Promise<PlatformCampaign> {
    const { accessToken } = await this.credentials(options);
    const current = await this.status(externalId, options);
    if (current.status !== 'active' && current.status !== 'paused')
      throw new PlatformError(
        this.key,
        'validation',
        status === 'PAUSED'
          ? `Only an active campaign can be paused (it is ${current.status}).`
          : `Only a paused campaign can be resumed (it is ${current.status}).`,
      );
    await this.call(
      'POST',
      externalId,
      { status },
      {
        token: accessToken,
        signal: options?.signal,
        notFound: `${this.displayName} has no campaign ${externalId}.`,
      },
    );
    return this.status(externalId, options);
  }

  pause(externalId: string, options?: CallOptions) {
    return this.setStatus(externalId, 'PAUSED', options);
  }

  resume(externalId: string, options?: CallOptions) {
    return this.setStatus(externalId, 'ACTIVE', options);
  }

  async delete(externalId: string, options?: CallOptions): Promise<void> {
    const { accessToken } = await this.credentials(options);
    const notFound = `${this.displayName} has no campaign ${externalId}.`;
    const campaign = await this.call(
      'GET',
      externalId,
      { fields: 'id,status' },
      { token: accessToken, signal: options?.signal, notFound },
    );
    if (campaign.status === 'DELETED') throw new PlatformError(this.key, 'not_found', notFound);
    await this.call(
      'POST',
      externalId,
      { status: 'DELETED' },
      { token: accessToken, signal: options?.signal, notFound },
    );
  }

  async findByReference(reference: string, options?: CallOptions): Promise<PlatformCampaign | null> {
    const { act, accessToken } = await this.credentials(options);
    const found = await this.findCampaign(act, reference, accessToken, options?.signal);
    return found ? this.status(found.id, options) : null;
  }

  async delivery(request: DeliveryRequest, options?: CallOptions): Promise<DeliveryReport> {
    const { act, accessToken } = await this.credentials(options);
    if (request.externalIds.length === 0) return { rows: [], through: addDays(realToday(), -1) };
    // Meta's clock is the answer's `Date` (the stand-in's: the sandbox day, which a demo or test may move).
    let answeredAt: string | null = null;
    const query = {
      level: 'campaign',
      time_increment: 1,
      time_range: { since: request.since, until: realToday() },
      filtering: [{ field: 'campaign.id', operator: 'IN', value: [...request.externalIds] }],
      fields: 'campaign_id,account_currency,spend,impressions,reach,clicks,actions,conversions',
    };
    const noteClock = (headers: Headers) => {
      answeredAt ??= headers.get('date');
    };
    const days = (Date.parse(realToday()) - Date.parse(request.since)) / 86_400_000;
    const rows =
      days > ASYNC_INSIGHTS_AFTER_DAYS
        ? await this.reportRun(act, query, accessToken, options?.signal, noteClock)
        : await this.all(`${act}/insights`, query, accessToken, options?.signal, noteClock);
    const answered = answeredAt ? new Date(answeredAt) : null;
    const today =
      answered && !Number.isNaN(answered.getTime()) ? answered.toISOString().slice(0, 10) : realToday();
    let through = addDays(today, -1);
    const report: DeliveryReport['rows'] = rows.map((row) => {
      const date = String(row.date_start);
      if (date > through) through = date;
      const conversions = ((row.conversions ?? row.actions) as { value: string }[] | undefined) ?? [];
      return {
        externalId: String(row.campaign_id),
        date,
        counts: {
          impressions: Number(row.impressions ?? 0),
          reach: Number(row.reach ?? 0),
          clicks: Number(row.clicks ?? 0),
          spendMinor: spendToMinor(row.spend as string, String(row.account_currency ?? 'EUR')),
          conversions: conversions.reduce((sum, action) => sum + Number(action.value ?? 0), 0),
        },
      };
    });
    return { rows: report, through };
  }

  /**
   * A long range as Meta asks of large insights queries: an asynchronous report run
   * (`POST act_<id>/insights` → `report_run_id`), polled until `async_status` is "Job Completed", then its
   * rows read page by page from `<report_run_id>/insights`.
   */
  private async reportRun(
    act: string,
    query: Params,
    token: string,
    signal: AbortSignal | undefined,
    headers: (headers: Headers) => void,
  ): Promise<Json[]> {
    const started = await this.call('POST', `${act}/insights`, query, { token, signal });
    const id = String(started.report_run_id);
    for (;;) {
      const run = await this.call(
        'GET',
        id,
        { fields: 'async_status,async_percent_completion' },
        { token, signal },
      );
      if (run.async_status === 'Job Completed') break;
      if (run.async_status === 'Job Failed' || run.async_status === 'Job Skipped')
        throw new PlatformError(
          this.key,
          'unavailable',
          `${this.displayName}'s insights report ${id} ended "${String(run.async_status)}"; the next sync asks again.`,
        );
      await sleep(REPORT_POLL_MS, signal);
    }
    return this.all(`${id}/insights`, {}, token, signal, headers);
  }
}

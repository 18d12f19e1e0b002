/**
 * Meta Marketing API (Graph API v27.0) facts, typed by the team from Meta's published reference (Marketing API
 * reference pages, the business SDKs' generated param/field types, the doc samples) as collected in
 * /work/notes/issue29-meta-facts.md — no copied files. Both the connector's requests and the stand-in's answers
 * are checked against these, so the two cannot drift together away from the real API. Facts marked
 * `unverified` are best knowledge, not a primary source.
 */

export const VERSION_PATTERN = /^v\d{1,3}\.0$/;
/** Graph ids: numeric strings; ad accounts `act_<digits>` in paths. */
export const NUMERIC_ID = /^\d+$/;
export const AD_ACCOUNT = /^act_\d+$/;
/** VideoThumbnail fields (Graph API reference, Video Thumbnail). */
export const VIDEO_THUMBNAIL_FIELDS = ['id', 'uri', 'is_preferred', 'width', 'height', 'scale'];
/** AdAccount fields (Marketing API reference, AdAccount): the ones the connector reads. */
export const AD_ACCOUNT_FIELDS = ['id', 'account_id', 'name', 'currency', 'account_status', 'timezone_name'];
/** Graph datetimes as sent: `YYYY-MM-DDTHH:MM:SS±HHMM` (doc samples). */
export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Budgets, bids: unsigned integers in the account currency's offset units, sent as digit strings. */
export const UINT_STRING = /^\d+$/;
/** Insights money: a decimal string in major units (`"5339.5"`). */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;

export const OBJECTIVES = [
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_AWARENESS',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_SALES',
  'OUTCOME_TRAFFIC',
] as const;
export const SPECIAL_AD_CATEGORIES = [
  'NONE',
  'CREDIT',
  'EMPLOYMENT',
  'FINANCIAL_PRODUCTS_SERVICES',
  'HOUSING',
  'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING',
] as const;
export const STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'] as const;
export const CAMPAIGN_EFFECTIVE = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ARCHIVED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;
export const ADSET_EFFECTIVE = [...CAMPAIGN_EFFECTIVE, 'CAMPAIGN_PAUSED'] as const;
export const AD_EFFECTIVE = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ARCHIVED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;
export const BID_STRATEGIES = [
  'LOWEST_COST_WITHOUT_CAP',
  'LOWEST_COST_WITH_BID_CAP',
  'COST_CAP',
  'LOWEST_COST_WITH_MIN_ROAS',
] as const;
export const BILLING_EVENTS = [
  'APP_INSTALLS',
  'CLICKS',
  'IMPRESSIONS',
  'LINK_CLICKS',
  'LISTING_INTERACTION',
  'NONE',
  'OFFER_CLAIMS',
  'PAGE_LIKES',
  'POST_ENGAGEMENT',
  'PURCHASE',
  'THRUPLAY',
] as const;
/** The union of goals public tables allow per objective (Meta's own matrix is not published as one table). */
export const GOALS_BY_OBJECTIVE: Record<(typeof OBJECTIVES)[number], readonly string[]> = {
  OUTCOME_AWARENESS: ['REACH', 'IMPRESSIONS', 'AD_RECALL_LIFT', 'THRUPLAY'],
  OUTCOME_TRAFFIC: ['LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'IMPRESSIONS', 'REACH', 'CONVERSATIONS'],
  OUTCOME_ENGAGEMENT: [
    'POST_ENGAGEMENT',
    'THRUPLAY',
    'PAGE_LIKES',
    'EVENT_RESPONSES',
    'CONVERSATIONS',
    'LINK_CLICKS',
    'REACH',
    'IMPRESSIONS',
  ],
  OUTCOME_LEADS: [
    'LEAD_GENERATION',
    'QUALITY_LEAD',
    'OFFSITE_CONVERSIONS',
    'CONVERSATIONS',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'REACH',
    'IMPRESSIONS',
  ],
  OUTCOME_SALES: [
    'OFFSITE_CONVERSIONS',
    'VALUE',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'CONVERSATIONS',
    'REACH',
    'IMPRESSIONS',
  ],
  OUTCOME_APP_PROMOTION: [
    'APP_INSTALLS',
    'APP_INSTALLS_AND_OFFSITE_CONVERSIONS',
    'OFFSITE_CONVERSIONS',
    'LINK_CLICKS',
    'VALUE',
    'REACH',
  ],
};
export const PUBLISHER_PLATFORMS = [
  'facebook',
  'instagram',
  'messenger',
  'audience_network',
  'threads',
] as const;
/** `video_feeds` was removed in v24.0. Position lists: a third-party model of Meta's table (unverified). */
export const FACEBOOK_POSITIONS = [
  'feed',
  'right_hand_column',
  'marketplace',
  'story',
  'search',
  'instream_video',
  'facebook_reels',
  'facebook_reels_overlay',
  'profile_feed',
  'notification',
] as const;
export const INSTAGRAM_POSITIONS = [
  'stream',
  'story',
  'explore',
  'explore_home',
  'reels',
  'profile_feed',
  'ig_search',
  'profile_reels',
] as const;
/** `pacing_type` values (Ad Set reference: standard, no_pacing; day_parting needs adset_schedule). */
export const PACING_TYPES = ['standard', 'no_pacing', 'day_parting'] as const;
export const CALLS_TO_ACTION = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'BOOK_NOW',
  'CONTACT_US',
  'DOWNLOAD',
  'GET_OFFER',
  'GET_QUOTE',
  'SUBSCRIBE',
  'APPLY_NOW',
  'ORDER_NOW',
  'BUY_NOW',
  'WATCH_MORE',
  'NO_BUTTON',
] as const;
export const EXECUTION_OPTIONS = [
  'validate_only',
  'include_recommendations',
  'synchronous_ad_review',
] as const;
export const INSIGHTS_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;
export const TARGETING_SEARCH_TYPES = [
  'adinterest',
  'adinterestvalid',
  'adlocale',
  'adgeolocation',
  'adTargetingCategory',
] as const;
/** Meta's offset-1 currencies (Currency Codes table); all others ×100. */
export const OFFSET_ONE_CURRENCIES = [
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'ISK',
  'IDR',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
] as const;
export const REQUIRED_PERMISSIONS = ['ads_management', 'ads_read'] as const;

/** Error codes by what they mean (Marketing API Error Codes, Rate Limiting pages). */
export const ERROR_CODES = {
  auth: [190, 102],
  permission: [10, 200],
  throttle: [4, 17, 32, 341, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014],
  invalidParameter: [100],
  transient: [1, 2],
} as const;

type Params = Record<string, string>;
export interface WireExchange {
  method: string;
  url: string;
  params: Params;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The endpoint a request is for: a name, from the method and the path after the version. */
export function endpointOf(method: string, url: string): string | null {
  const path = new URL(url).pathname.replace(/^.*?\/(v\d{1,3}\.0)\//, '');
  const [first = '', second, third] = path.split('/');
  if (first === 'oauth' && second === 'access_token') return 'oauth.access_token';
  if (first === 'debug_token') return 'debug_token';
  if (first === 'search') return 'search';
  if (first === 'me') return `me.${second ?? ''}.${method}`;
  if (AD_ACCOUNT.test(first)) return third ? null : `act.${second ?? ''}.${method}`;
  if (NUMERIC_ID.test(first)) return second ? `object.${second}.${method}` : `object.${method}`;
  return null;
}

const json = (raw: string | undefined): unknown => {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return Symbol('not json');
  }
};

/** What a request breaks of the facts, as sentences (none: it is as Meta documents it). */
export function requestProblems(exchange: WireExchange): string[] {
  const problems: string[] = [];
  const { params } = exchange;
  const at = `${exchange.method} ${new URL(exchange.url).pathname}`;
  const fail = (text: string) => problems.push(`${at}: ${text}`);
  const version = /\/(v[^/]+)\//.exec(new URL(exchange.url).pathname)?.[1] ?? '';
  if (!VERSION_PATTERN.test(version)) fail(`version ${version} is not v<n>.0`);
  const endpoint = endpointOf(exchange.method, exchange.url);
  if (!endpoint) return [...problems, `${at}: not a Marketing API path this connector may call`];
  if (endpoint !== 'oauth.access_token' && !params.access_token) fail('no access_token');
  if (exchange.method === 'POST' && params.method) fail('HTTP method override is gone for new apps (v27)');
  if (params.ids !== undefined) fail('multi-id requests are gone for new apps (v27)');
  const need = (...names: string[]) => {
    for (const name of names)
      if (params[name] === undefined || params[name] === '') fail(`${name} is required`);
  };
  const oneOf = (name: string, values: readonly (string | number)[]) => {
    if (params[name] !== undefined && !values.map(String).includes(params[name]!))
      fail(`${name}=${params[name]} is not one of ${values.join(', ')}`);
  };
  const jsonOf = (name: string) => {
    const value = json(params[name]);
    if (typeof value === 'symbol') fail(`${name} is not a JSON string`);
    return value;
  };
  const execution = jsonOf('execution_options');
  if (
    execution !== undefined &&
    !(
      Array.isArray(execution) && execution.every((o) => (EXECUTION_OPTIONS as readonly string[]).includes(o))
    )
  )
    fail(
      'execution_options must be a JSON array of validate_only, include_recommendations, synchronous_ad_review',
    );
  switch (endpoint) {
    case 'oauth.access_token':
      need('client_id', 'client_secret');
      if (params.grant_type === 'fb_exchange_token') need('fb_exchange_token');
      else need('code', 'redirect_uri');
      break;
    case 'debug_token':
      need('input_token');
      break;
    case 'search':
      oneOf('type', TARGETING_SEARCH_TYPES);
      if (params.type === 'adinterestvalid') {
        const list = jsonOf('interest_fbid_list') ?? jsonOf('interest_list');
        if (!Array.isArray(list))
          fail('adinterestvalid needs interest_fbid_list or interest_list as a JSON array');
      }
      break;
    case 'act.campaigns.POST': {
      need('name', 'objective', 'special_ad_categories', 'status');
      oneOf('objective', OBJECTIVES);
      oneOf('status', STATUSES);
      const categories = jsonOf('special_ad_categories');
      if (
        !Array.isArray(categories) ||
        !categories.every((c) => (SPECIAL_AD_CATEGORIES as readonly string[]).includes(c))
      )
        fail('special_ad_categories must be a JSON array of the categories ([] for none)');
      if (params.daily_budget === undefined && params.lifetime_budget === undefined) {
        need('is_adset_budget_sharing_enabled');
        oneOf('is_adset_budget_sharing_enabled', ['true', 'false']);
      }
      break;
    }
    case 'act.adsets.POST':
    case 'object.POST':
      if (endpoint === 'act.adsets.POST') {
        need('campaign_id', 'name', 'billing_event', 'optimization_goal', 'targeting');
        if (params.campaign_id && !NUMERIC_ID.test(params.campaign_id))
          fail('campaign_id must be a numeric string');
        if (params.daily_budget === undefined && params.lifetime_budget === undefined)
          fail('daily_budget or lifetime_budget is required');
      }
      adSetFieldProblems(params, fail, jsonOf);
      oneOf('status', STATUSES);
      if (params.creative !== undefined) {
        const creative = jsonOf('creative') as { creative_id?: unknown } | undefined;
        if (!creative || typeof creative.creative_id !== 'string' || !NUMERIC_ID.test(creative.creative_id))
          fail('creative must be {"creative_id": "<numeric id>"}');
      }
      if (params.adlabels !== undefined) {
        const labels = jsonOf('adlabels');
        if (
          !Array.isArray(labels) ||
          !labels.every((l) => typeof (l as { name?: unknown }).name === 'string')
        )
          fail('adlabels must be a JSON array of {name}');
      }
      break;
    case 'act.adimages.POST':
      if (!params.bytes && !params.filename)
        fail('adimages takes bytes (base64) or a file upload; it has no url param');
      if (params.bytes && !/^[A-Za-z0-9+/]+=*$/.test(params.bytes)) fail('bytes must be base64');
      if (params.url !== undefined) fail('adimages has no url param');
      break;
    case 'act.advideos.POST':
      if (!params.source && !params.file_url && !params.upload_phase)
        fail('advideos takes source (file), file_url or a chunked upload');
      break;
    case 'act.adcreatives.POST': {
      const spec = jsonOf('object_story_spec') as Record<string, Record<string, unknown>> | undefined;
      if (!spec) {
        fail('object_story_spec is required (JSON)');
        break;
      }
      if (typeof spec.page_id !== 'string' || !NUMERIC_ID.test(spec.page_id as unknown as string))
        fail('object_story_spec.page_id must be a numeric string');
      const part = spec.link_data ?? spec.video_data;
      if (!part) fail('object_story_spec needs link_data or video_data');
      if (spec.link_data && typeof spec.link_data.link !== 'string') fail('link_data.link is required');
      if (
        spec.link_data?.image_hash !== undefined &&
        !/^[0-9a-f]{32}$/.test(String(spec.link_data.image_hash))
      )
        fail('image_hash is a 32-hex hash');
      if (spec.video_data && !NUMERIC_ID.test(String(spec.video_data.video_id)))
        fail('video_data.video_id must be a numeric string');
      // AdCreativeVideoData: a video creative needs its thumbnail, image_url or image_hash.
      if (spec.video_data && !spec.video_data.image_url && !spec.video_data.image_hash)
        fail('video_data needs a thumbnail (image_url or image_hash)');
      if (spec.video_data?.image_url !== undefined && !/^https:\/\//.test(String(spec.video_data.image_url)))
        fail('video_data.image_url is an https URL');
      const cta = part?.call_to_action as { type?: string; value?: { link?: string } } | undefined;
      if (cta && !(CALLS_TO_ACTION as readonly string[]).includes(String(cta.type)))
        fail(`call_to_action.type ${cta.type} is not a CTA type`);
      break;
    }
    case 'act.ads.POST':
      need('name', 'adset_id', 'creative', 'status');
      if (params.adset_id && !NUMERIC_ID.test(params.adset_id)) fail('adset_id must be a numeric string');
      oneOf('status', STATUSES);
      break;
    case 'act.insights.GET':
    case 'act.insights.POST': // an asynchronous report run: the same query, answered with its id
    case 'object.insights.GET': {
      // A report run's rows (`<report_run_id>/insights`) take no query: it was given when the run started.
      const reportRows =
        endpoint === 'object.insights.GET' &&
        Object.keys(params).every((k) => ['access_token', 'appsecret_proof', 'limit', 'after'].includes(k));
      if (reportRows) break;
      oneOf('level', INSIGHTS_LEVELS);
      oneOf('time_increment', ['1', 'monthly', 'all_days']);
      const range = jsonOf('time_range') as { since?: string; until?: string } | undefined;
      if (!range || !DAY.test(String(range.since)) || !DAY.test(String(range.until)))
        fail('time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}');
      break;
    }
    case 'object.thumbnails.GET': {
      // A video's thumbnails edge (VideoThumbnail): the fields read of each frame.
      for (const field of (params.fields ?? '').split(',').filter(Boolean))
        if (!VIDEO_THUMBNAIL_FIELDS.includes(field)) fail(`${field} is not a VideoThumbnail field`);
      break;
    }
    case 'act..GET': {
      // The ad account node (AdAccount reference): the fields this connector reads of it.
      const fields = (params.fields ?? '').split(',').filter(Boolean);
      if (fields.length === 0) fail('fields is required');
      for (const field of fields)
        if (!AD_ACCOUNT_FIELDS.includes(field)) fail(`${field} is not an AdAccount field`);
      break;
    }
    case 'act.delivery_estimate.GET': {
      const spec = jsonOf('targeting_spec');
      if (!spec || typeof spec !== 'object') fail('targeting_spec is required (JSON object)');
      else targetingProblems(spec as Record<string, unknown>, fail);
      break;
    }
  }
  if (params.filtering !== undefined) {
    const filtering = jsonOf('filtering');
    if (
      !Array.isArray(filtering) ||
      !filtering.every((f) => f && typeof f.field === 'string' && typeof f.operator === 'string')
    )
      fail('filtering must be a JSON array of {field, operator, value}');
  }
  return problems;
}

function adSetFieldProblems(params: Params, fail: (text: string) => void, jsonOf: (name: string) => unknown) {
  for (const name of ['daily_budget', 'lifetime_budget', 'bid_amount'])
    if (params[name] !== undefined && !UINT_STRING.test(params[name]!))
      fail(`${name} must be whole offset units (digits)`);
  if (
    params.lifetime_budget !== undefined &&
    params.end_time === undefined &&
    params.campaign_id !== undefined
  )
    fail('a lifetime_budget needs end_time');
  for (const name of ['start_time', 'end_time'])
    if (params[name] !== undefined && !DATETIME.test(params[name]!))
      fail(`${name} must be YYYY-MM-DDTHH:MM:SS±HHMM`);
  if (
    params.bid_strategy !== undefined &&
    !(BID_STRATEGIES as readonly string[]).includes(params.bid_strategy)
  )
    fail(`bid_strategy ${params.bid_strategy} is not a bid strategy`);
  if (
    (params.bid_strategy === 'COST_CAP' || params.bid_strategy === 'LOWEST_COST_WITH_BID_CAP') &&
    params.bid_amount === undefined
  )
    fail(`${params.bid_strategy} needs bid_amount`);
  if (
    params.billing_event !== undefined &&
    !(BILLING_EVENTS as readonly string[]).includes(params.billing_event)
  )
    fail(`billing_event ${params.billing_event} is not a billing event`);
  const pacing = jsonOf('pacing_type');
  if (
    pacing !== undefined &&
    !(Array.isArray(pacing) && pacing.every((p) => (PACING_TYPES as readonly string[]).includes(p)))
  )
    fail('pacing_type must be a JSON array of standard, no_pacing, day_parting');
  const targeting = jsonOf('targeting');
  if (targeting !== undefined) {
    if (!targeting || typeof targeting !== 'object') fail('targeting must be a JSON object');
    else targetingProblems(targeting as Record<string, unknown>, fail);
  }
}

function targetingProblems(targeting: Record<string, unknown>, fail: (text: string) => void) {
  const geo = targeting.geo_locations as { countries?: unknown } | undefined;
  if (!geo) fail('targeting.geo_locations is required');
  else if (
    geo.countries !== undefined &&
    !(Array.isArray(geo.countries) && geo.countries.every((c) => /^[A-Z]{2}$/.test(String(c))))
  )
    fail('geo_locations.countries are ISO alpha-2 codes');
  const age = (name: string) => targeting[name];
  if (
    age('age_min') !== undefined &&
    !(Number.isInteger(age('age_min')) && Number(age('age_min')) >= 13 && Number(age('age_min')) <= 65)
  )
    fail('age_min is a whole number 13–65');
  if (
    age('age_max') !== undefined &&
    !(Number.isInteger(age('age_max')) && Number(age('age_max')) >= 13 && Number(age('age_max')) <= 65)
  )
    fail('age_max is a whole number 13–65');
  if (
    targeting.genders !== undefined &&
    !(Array.isArray(targeting.genders) && targeting.genders.every((g) => g === 1 || g === 2))
  )
    fail('genders is [1] (men), [2] (women) or absent');
  if (
    targeting.locales !== undefined &&
    !(Array.isArray(targeting.locales) && targeting.locales.every(Number.isInteger))
  )
    fail('locales are numeric locale keys');
  const flexible = targeting.flexible_spec;
  if (
    flexible !== undefined &&
    !(
      Array.isArray(flexible) &&
      flexible.every(
        (spec) =>
          Array.isArray(spec.interests) &&
          spec.interests.every((i: { id?: unknown }) => NUMERIC_ID.test(String(i.id))),
      )
    )
  )
    fail('flexible_spec is a list of {interests: [{id}]} with numeric ids');
  const custom = targeting.age_min !== undefined || targeting.genders !== undefined || flexible !== undefined;
  const automation = targeting.targeting_automation as { advantage_audience?: unknown } | undefined;
  if (custom && automation?.advantage_audience !== 0 && automation?.advantage_audience !== 1)
    fail(
      'targeting_automation.advantage_audience (0 or 1) is required with custom ages, genders or interests (v23+)',
    );
  const platforms = targeting.publisher_platforms;
  if (
    platforms !== undefined &&
    !(
      Array.isArray(platforms) &&
      platforms.every((p) => (PUBLISHER_PLATFORMS as readonly string[]).includes(p))
    )
  )
    fail('publisher_platforms has an unknown platform');
  const fb = targeting.facebook_positions;
  if (
    fb !== undefined &&
    !(Array.isArray(fb) && fb.every((p) => (FACEBOOK_POSITIONS as readonly string[]).includes(p)))
  )
    fail('facebook_positions has an unknown (or removed) position');
  const ig = targeting.instagram_positions;
  if (
    ig !== undefined &&
    !(Array.isArray(ig) && ig.every((p) => (INSTAGRAM_POSITIONS as readonly string[]).includes(p)))
  )
    fail('instagram_positions has an unknown position');
}

/** What an answer breaks of the facts (the stand-in's answers, and the recorded ones). */
export function responseProblems(exchange: WireExchange): string[] {
  const problems: string[] = [];
  const at = `${exchange.method} ${new URL(exchange.url).pathname} → ${exchange.status}`;
  const fail = (text: string) => problems.push(`${at}: ${text}`);
  const body = exchange.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') return [`${at}: the body is not a JSON object`];
  if (body.error !== undefined || exchange.status >= 400) {
    const error = body.error as Record<string, unknown> | undefined;
    if (!error) return [`${at}: an error answer without {error}`];
    if (typeof error.message !== 'string') fail('error.message is a string');
    if (typeof error.type !== 'string') fail('error.type is a string');
    if (!Number.isInteger(error.code)) fail('error.code is an integer');
    if (error.error_subcode !== undefined && !Number.isInteger(error.error_subcode))
      fail('error.error_subcode is an integer');
    if (typeof error.fbtrace_id !== 'string') fail('error.fbtrace_id is a string');
    const code = Number(error.code);
    if ((ERROR_CODES.throttle as readonly number[]).includes(code)) {
      const buc = exchange.headers['x-business-use-case-usage'];
      const account = exchange.headers['x-ad-account-usage'];
      if (!buc && !account)
        fail('a throttling error carries X-Business-Use-Case-Usage or X-Ad-Account-Usage');
      if (buc) {
        const parsed = JSON.parse(buc) as Record<
          string,
          { type?: unknown; estimated_time_to_regain_access?: unknown; call_count?: unknown }[]
        >;
        for (const entries of Object.values(parsed))
          for (const entry of entries)
            if (
              typeof entry.type !== 'string' ||
              typeof entry.estimated_time_to_regain_access !== 'number' ||
              typeof entry.call_count !== 'number'
            )
              fail(
                'X-Business-Use-Case-Usage entries have type, call_count and estimated_time_to_regain_access (minutes)',
              );
      }
      if (account) {
        const parsed = JSON.parse(account) as { acc_id_util_pct?: unknown; reset_time_duration?: unknown };
        if (typeof parsed.acc_id_util_pct !== 'number' || typeof parsed.reset_time_duration !== 'number')
          fail('X-Ad-Account-Usage has acc_id_util_pct and reset_time_duration (seconds)');
      }
    }
    return problems;
  }
  const endpoint = endpointOf(exchange.method, exchange.url);
  const { params } = exchange;
  const list = () => {
    if (!Array.isArray(body.data)) fail('an edge answers {data: [...]}');
    return (body.data as Record<string, unknown>[] | undefined) ?? [];
  };
  const execution = params.execution_options ?? '';
  if (execution.includes('validate_only')) {
    if (body.success !== true) fail('a validate_only call answers {success: true}');
    return problems;
  }
  switch (endpoint) {
    case 'oauth.access_token':
      if (typeof body.access_token !== 'string') fail('access_token is a string');
      if (body.token_type !== 'bearer') fail('token_type is "bearer"');
      if (typeof body.expires_in !== 'number') fail('expires_in is a number of seconds');
      if (body.refresh_token !== undefined) fail('Meta issues no refresh token');
      break;
    case 'debug_token': {
      const data = body.data as Record<string, unknown> | undefined;
      if (!data || typeof data.is_valid !== 'boolean') fail('debug_token answers {data: {is_valid, …}}');
      else if (
        data.is_valid &&
        (typeof data.expires_at !== 'number' ||
          !Array.isArray(data.scopes) ||
          typeof data.app_id !== 'string')
      )
        fail('a valid token has app_id, expires_at (unix seconds) and scopes');
      break;
    }
    case 'me.adaccounts.GET':
      for (const account of list()) {
        if (!AD_ACCOUNT.test(String(account.id))) fail('ad account ids are act_<digits>');
        if (account.account_status !== undefined && !Number.isInteger(account.account_status))
          fail('account_status is an integer (1 = ACTIVE)');
      }
      break;
    case 'object.thumbnails.GET':
      for (const frame of list())
        if (typeof frame.uri !== 'string' || typeof frame.is_preferred !== 'boolean')
          fail('a VideoThumbnail has uri (string) and is_preferred (boolean)');
      break;
    case 'act..GET': {
      const account = body as Record<string, unknown>;
      if (account.currency !== undefined && !/^[A-Z]{3}$/.test(String(account.currency)))
        fail('currency is an ISO 4217 code');
      if (account.id !== undefined && !AD_ACCOUNT.test(String(account.id)))
        fail('ad account ids are act_<digits>');
      break;
    }
    case 'me.accounts.GET':
      for (const page of list()) if (!NUMERIC_ID.test(String(page.id))) fail('Page ids are numeric strings');
      break;
    case 'me.permissions.DELETE':
    case 'object.DELETE':
      if (body.success !== true) fail('answers {success: true}');
      break;
    case 'object.POST':
      if (body.success !== true) fail('an update answers {success: true}');
      break;
    case 'act.campaigns.POST':
    case 'act.adsets.POST':
    case 'act.adcreatives.POST':
    case 'act.ads.POST':
    case 'act.advideos.POST':
      if (typeof body.id !== 'string' || !NUMERIC_ID.test(body.id))
        fail('a create answers {id: "<numeric string>"}');
      break;
    case 'act.adimages.POST': {
      const images = body.images as Record<string, { hash?: unknown }> | undefined;
      if (!images || Object.values(images).length === 0)
        fail('adimages answers {images: {<name>: {hash, url}}}');
      for (const image of Object.values(images ?? {}))
        if (!/^[0-9a-f]{32}$/.test(String(image.hash))) fail('an image hash is 32 hex characters');
      break;
    }
    case 'object.GET':
    case 'act.campaigns.GET':
    case 'object.adsets.GET':
    case 'object.ads.GET': {
      const rows = endpoint === 'object.GET' ? [body] : list();
      const effective =
        endpoint === 'object.ads.GET'
          ? AD_EFFECTIVE
          : endpoint === 'object.adsets.GET'
            ? ADSET_EFFECTIVE
            : [...new Set([...AD_EFFECTIVE])];
      for (const row of rows) {
        if (!NUMERIC_ID.test(String(row.id))) fail('object ids are numeric strings');
        if (row.status !== undefined && !(STATUSES as readonly string[]).includes(String(row.status)))
          fail(`status ${row.status} is not one of ${STATUSES.join(', ')}`);
        if (
          row.effective_status !== undefined &&
          !(effective as readonly string[]).includes(String(row.effective_status))
        )
          fail(`effective_status ${row.effective_status} is not one Meta uses here`);
        for (const money of ['daily_budget', 'lifetime_budget', 'bid_amount'])
          if (
            row[money] !== undefined &&
            !(typeof row[money] === 'string' && UINT_STRING.test(row[money] as string))
          )
            fail(`${money} reads back as a digit string`);
      }
      break;
    }
    case 'act.insights.POST':
      if (typeof body.report_run_id !== 'string' || !NUMERIC_ID.test(body.report_run_id))
        fail('an asynchronous report run answers {"report_run_id": "<numeric id>"}');
      break;
    case 'act.insights.GET':
    case 'object.insights.GET':
      for (const row of list()) {
        if (!DAY.test(String(row.date_start)) || !DAY.test(String(row.date_stop)))
          fail('insights rows have date_start and date_stop');
        if (row.spend !== undefined && !(typeof row.spend === 'string' && DECIMAL_STRING.test(row.spend)))
          fail('spend is a decimal string in major units');
        for (const count of ['impressions', 'reach', 'clicks'])
          if (
            row[count] !== undefined &&
            !(typeof row[count] === 'string' && UINT_STRING.test(row[count] as string))
          )
            fail(`${count} is a digit string`);
      }
      break;
    case 'search':
      for (const row of list()) {
        if (params.type === 'adlocale') {
          if (!Number.isInteger(row.key) || typeof row.name !== 'string')
            fail('adlocale rows are {key: <int>, name}');
        } else if (!NUMERIC_ID.test(String(row.id)) || typeof row.name !== 'string')
          fail('interest rows have a numeric id and a name');
      }
      break;
    case 'act.delivery_estimate.GET':
      for (const row of list())
        if (
          !Number.isInteger(row.estimate_mau_lower_bound) ||
          !Number.isInteger(row.estimate_mau_upper_bound) ||
          typeof row.estimate_ready !== 'boolean'
        )
          fail(
            'delivery estimates have estimate_mau_lower_bound, estimate_mau_upper_bound and estimate_ready',
          );
      break;
  }
  return problems;
}

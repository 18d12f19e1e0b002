import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_PLATFORM_STATUSES } from '../../contract/campaigns';
import { ASSET_MIME_TYPES, MEDIA_KINDS } from '../../contract/creative';
import { CONNECTION_STATUSES, SYNC_OUTCOMES } from '../../contract/delivery';
import { BID_STRATEGIES, PACINGS, SPLIT_MODES } from '../../contract/planning';
import { TRIAL_PLAN_CODE } from '../../contract/plans';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES } from '../../contract/reference';

/** `column IN ('a', 'b', …)` from a list of the contract: the database refuses any other value. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The step-up provider tenant this organization authenticates against. */
  tenantId: text('tenant_id')
    .notNull()
    .unique()
    .default(sql`'tnt_' || replace(gen_random_uuid()::text, '-', '')`),
  createdAt: createdAt(),
  planCode: text('plan_code').notNull().default(TRIAL_PLAN_CODE),
  whiteLabelIsEnabled: boolean('white_label_is_enabled').notNull().default(false),
  whiteLabelBrandName: text('white_label_brand_name'),
  whiteLabelPrimaryHexCode: text('white_label_primary_hex_code').notNull().default('#05d197'),
  whiteLabelNavbarBackgroundHexCode: text('white_label_navbar_background_hex_code')
    .notNull()
    .default('#ffffff'),
  whiteLabelIconUuid: uuid('white_label_icon_uuid'),
});

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .unique()
      .default(sql`'acc_' || replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (t) => [index('accounts_organization_idx').on(t.organizationId, t.createdAt)],
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** Where the user was last: a new session resumes there. */
  lastOrganizationId: uuid('last_organization_id').references(() => organizations.id, {
    onDelete: 'set null',
  }),
  lastAccountId: uuid('last_account_id').references(() => accounts.id, { onDelete: 'set null' }),
  /** Null until the user has finished onboarding (their name and first organization). */
  onboardedAt: timestamp('onboarded_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_org_idx').on(t.organizationId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentOrganizationId: uuid('current_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    currentAccountId: uuid('current_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Something about the account's security the user's sessions should be told of (issue 11): a sign-in
 * method was added. Each session shows it once (`security_notice_reads`); the e-mail goes out separately.
 */
export const securityNotices = pgTable(
  'security_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'authenticator_added' */
    kind: text('kind').notNull(),
    /** The verification method added (PASSKEY, AUTHENTICATOR_APP, …). */
    method: text('method').notNull(),
    /** The browser that added it, as its User-Agent named it (shortened). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('security_notices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The user's recent sign-ins and step-ups (issue 11), shown on the security page; kept 90 days (older rows
 * are deleted when the user's next event is written).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sign_in' | 'step_up' */
    kind: text('kind').notNull(),
    /** 'PASSWORD' for a sign-in, else the verification method (PASSKEY, EMAIL_OTP, …). */
    method: text('method').notNull(),
    /** The step-up's action; null for a sign-in. */
    action: text('action'),
    /** What the step-up confirmed, as shown to the person; null without a target. */
    description: text('description'),
    /** The browser, shortened from its User-Agent ("Chrome on macOS"). */
    userAgent: text('user_agent'),
    /** The sign-in's address (throttling key form); null for a step-up. */
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/** Which session has shown which notice (each shows a notice once). */
export const securityNoticeReads = pgTable(
  'security_notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => securityNotices.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.sessionId] })],
);

/**
 * Sign-in throttling counters (server/auth/throttle.ts), in the database so every server instance shares them.
 * One row per key: `pair:<email> <address>`, `account:<email>`, `address:<address>` or `device:<hash>`.
 * A row is changed only under `SELECT … FOR UPDATE`, so concurrent attempts each count.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    /** Failed (or still unfinished) attempts since the counter last went quiet. */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** No attempt under this key is checked before then (the growing delay). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('login_throttle_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * Where a user recently signed in successfully: SHA-256 of `address:<address>` or `device:<cookie>`. A sign-in
 * from such a place is not slowed by failures from elsewhere (server/auth/throttle.ts).
 */
export const knownSignInPlaces = pgTable(
  'known_sign_in_places',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: text('place').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.place] }),
    index('known_sign_in_places_age_idx').on(t.lastSuccessAt),
  ],
);

export const platforms = pgTable('platforms', {
  key: text('key').primaryKey(),
  displayName: text('display_name').notNull(),
  position: integer('position').notNull(),
});

export const objectives = pgTable('objectives', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  icon: text('icon').notNull(),
  position: integer('position').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** May be empty: the UI then says 'this customer'. */
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customers_account_idx').on(t.accountId, t.createdAt)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => objectives.id),
    name: text('name').notNull(),
    /** The campaign lifecycle chart's state (contract/reference.ts CAMPAIGN_STATUSES). */
    status: text('status').notNull().default('draft'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Integer minor units (cents) so sums never drift. */
    budgetMinor: bigint('budget_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    /** The plan's version: +1 on every save; a save based on an older one is refused (409). */
    version: integer('version').notNull().default(1),
    /** How the planner split the budget (the platforms step reopens the same way). */
    splitMode: text('split_mode').notNull().default('amount'),
    /** The customer budget the plan draws on (contract/planning BudgetFit). */
    budgetId: uuid('budget_id').references((): AnyPgColumn => budgets.id, { onDelete: 'set null' }),
    /** When the planner confirmed planning over that budget; null while it fits or was not confirmed. */
    overBudgetConfirmedAt: timestamp('over_budget_confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_budget_idx').on(t.budgetId),
    check('campaigns_split_mode_check', oneOf('split_mode', SPLIT_MODES)),
    // One index per sortable column of the campaigns list (server/data/list.ts): scope first, then the
    // column, then the id that breaks ties in the same direction, so any page of any sort is an index
    // range (a backward scan for descending) and the rows an OFFSET skips are read from the index only.
    // Nullable columns sort NULLS LAST both ways, hence their second, descending index. Migration 0021
    // adds `INCLUDE (status, budget_minor)` to each (drizzle has no builder for it), so a page filtered by
    // either walks its sort index without reading the table (`listIncludes` in server/data/resources.ts).
    index('campaigns_list_created_idx').on(t.accountId, t.organizationId, t.createdAt, t.id),
    index('campaigns_list_updated_idx').on(t.accountId, t.organizationId, t.updatedAt, t.id),
    index('campaigns_list_name_idx').on(t.accountId, t.organizationId, t.name, t.id),
    index('campaigns_list_budget_idx').on(t.accountId, t.organizationId, t.budgetMinor, t.id),
    index('campaigns_list_status_idx').on(t.accountId, t.organizationId, t.status, t.id),
    index('campaigns_list_start_idx').on(t.accountId, t.organizationId, t.startDate, t.id),
    index('campaigns_list_start_desc_idx').on(
      t.accountId,
      t.organizationId,
      t.startDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('campaigns_list_end_idx').on(t.accountId, t.organizationId, t.endDate, t.id),
    index('campaigns_list_end_desc_idx').on(
      t.accountId,
      t.organizationId,
      t.endDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // `name_like=` and `q=` are contains-searches: trigrams find them without reading every row.
    index('campaigns_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('campaigns_customer_idx').on(t.customerId),
    check('campaigns_status_check', oneOf('status', CAMPAIGN_STATUSES)),
  ],
);

/**
 * How many campaigns each account has in each status, kept by triggers on `campaigns` (migration
 * 0012_list_speed): the list's total for no filter or a status filter is a sum of at most nine rows
 * instead of a count over every campaign, and stays exact because it changes in the same transaction.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status] })],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The plan's flight this booking is the line item of (one booking per flight). */
    flightId: uuid('flight_id').references((): AnyPgColumn => campaignFlights.id, { onDelete: 'set null' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    name: text('name').notNull(),
    /** contract/reference.ts BOOKING_STATUSES */
    status: text('status').notNull().default('tentative'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_account_start_idx').on(t.accountId, t.startDate),
    index('bookings_campaign_idx').on(t.campaignId),
    uniqueIndex('bookings_flight_idx').on(t.flightId),
    check('bookings_status_check', oneOf('status', BOOKING_STATUSES)),
  ],
);

export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('budgets_account_period_idx').on(t.accountId, t.periodStart)],
);

// --- The media plan (docs/planning.md): a campaign's allocations, audience and flights -------------

/** The platforms step: each platform's share of the campaign budget and how it bids. */
export const campaignAllocations = pgTable(
  'campaign_allocations',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** The planner's order of the platforms. */
    position: integer('position').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    bidStrategy: text('bid_strategy').notNull().default('lowest_cost'),
    costCapMinor: bigint('cost_cap_minor', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.platformKey] }),
    check('campaign_allocations_bid_strategy_check', oneOf('bid_strategy', BID_STRATEGIES)),
    check('campaign_allocations_amount_check', sql`amount_minor >= 0`),
  ],
);

/** The audience step: one audience per campaign, interests per platform from its own taxonomy. */
export const campaignAudiences = pgTable('campaign_audiences', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2 codes. */
  locations: text('locations').array().notNull(),
  ageMin: integer('age_min').notNull(),
  /** 65 = 65 and over. */
  ageMax: integer('age_max').notNull(),
  /** Empty = everyone. */
  genders: text('genders').array().notNull(),
  /** ISO 639-1 codes; empty = any language. */
  languages: text('languages').array().notNull(),
  /** Platform key → interest ids of that platform's taxonomy. */
  interests: jsonb('interests').$type<Record<string, string[]>>().notNull(),
});

/** The schedule step: per platform one or more flights, each a booking (bookings.flight_id). */
export const campaignFlights = pgTable(
  'campaign_flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** The flight's place in the plan (the wire's `flights[i]`). */
    position: integer('position').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    pacing: text('pacing').notNull().default('even'),
  },
  (t) => [
    index('campaign_flights_campaign_idx').on(t.campaignId, t.position),
    check('campaign_flights_pacing_check', oneOf('pacing', PACINGS)),
    check('campaign_flights_dates_check', sql`end_date >= start_date`),
  ],
);

// --- Creative: the asset library and the plan's ads ---------------------------------------------------

/**
 * The account's asset library. The file itself is in the asset storage (server/assets/storage.ts: files
 * under DATA_DIR by default) at `storage_key`; this row is what the server read from its content.
 */
export const creativeAssets = pgTable(
  'creative_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** contract/creative MEDIA_KINDS */
    kind: text('kind').notNull(),
    /** By content (magic bytes and the parser), never the request's Content-Type. */
    mimeType: text('mime_type').notNull(),
    /** The name it was uploaded as, for the library; never used as a path. */
    name: text('name').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms'),
    /** Hex SHA-256 of the file: the same file uploaded twice is one asset. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('creative_assets_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('creative_assets_account_sha_idx').on(t.accountId, t.sha256),
    check('creative_assets_kind_check', oneOf('kind', MEDIA_KINDS)),
    check('creative_assets_mime_check', oneOf('mime_type', ASSET_MIME_TYPES)),
  ],
);

/** The creative step: the plan's ads, per platform, in the planner's order. */
export const campaignAds = pgTable(
  'campaign_ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** The ad's place in the plan (the wire's `ads[i]`). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** contract/creative AD_FORMATS, as the platform's specs allow. */
    format: text('format').notNull(),
    /** Per text field of the format, its entries: `{ "headline": ["…", "…"] }`. */
    texts: jsonb('texts').$type<Record<string, string[]>>().notNull(),
    destinationUrl: text('destination_url').notNull(),
    /** `{ source, medium, campaign, content }`, or null for no UTM parameters. */
    utm: jsonb('utm').$type<{ source: string; medium: string; campaign: string; content: string }>(),
    callToAction: text('call_to_action').notNull(),
  },
  (t) => [index('campaign_ads_campaign_idx').on(t.campaignId, t.position)],
);

/** The assets of an ad, in order (a carousel's cards), each with the planner's focal point. */
export const campaignAdAssets = pgTable(
  'campaign_ad_assets',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => campaignAds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Restrict: an asset a plan uses cannot be deleted from the library (409 ASSET_IN_USE). */
    assetId: uuid('asset_id')
      .notNull()
      .references(() => creativeAssets.id, { onDelete: 'restrict' }),
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.position] }),
    index('campaign_ad_assets_asset_idx').on(t.assetId),
    check('campaign_ad_assets_focal_check', sql`focal_x between 0 and 1 and focal_y between 0 and 1`),
  ],
);

// --- Shell: plans, white-label, client errors, analytics -------------------------------------------

/** Postgres `bytea` as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** Every plan change, whoever made it (the local billing adapter, or a payment provider's webhook). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fromPlanCode: text('from_plan_code').notNull(),
    toPlanCode: text('to_plan_code').notNull(),
    /** Null when the change came from the payment provider rather than a signed-in user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_organization_idx').on(t.organizationId, t.changedAt)],
);

/** White-label icons, already resized to 128×128 PNG. A new upload gets a new uuid (so URLs are immutable). */
export const brandIcons = pgTable(
  'brand_icons',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    png: bytea('png').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('brand_icons_organization_idx').on(t.organizationId)],
);

/** Errors the browser reported (render errors, failed requests it could not handle). */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    status: integer('status'),
    componentStack: text('component_stack'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);

/** Product analytics as recorded by the `database` analytics adapter. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** page | identify | group */
    type: text('type').notNull(),
    name: text('name'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    anonymousId: text('anonymous_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_occurred_idx').on(t.occurredAt)],
);

// --- Campaign launching and deleting on ad platforms ------------------------------------------------

/**
 * A campaign's state on each of its ad platforms, written by the launch and delete jobs
 * (server/jobs/). The external id is stored as soon as the platform answers, before the job moves on.
 */
export const campaignPlatforms = pgTable(
  'campaign_platforms',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** The campaign's id on the platform; null until the platform created it. */
    externalId: text('external_id'),
    /** The placement lifecycle chart's state (contract/campaigns.ts CAMPAIGN_PLATFORM_STATUSES). */
    status: text('status').notNull().default('pending'),
    lastError: text('last_error'),
    /** Requests sent for the current operation (launch, then delete); bounded retries count on it. */
    attempts: integer('attempts').notNull().default(0),
    /** A retry (after a rate limit or outage) or a status check is not due before this. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Idempotency key sent with the launch request: a retried request never creates a second campaign. */
    launchKey: uuid('launch_key').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.platformKey] }),
    check('campaign_platforms_status_check', oneOf('status', CAMPAIGN_PLATFORM_STATUSES)),
  ],
);

/** The sandbox ad platforms' own records: what each "platform" believes it holds (server/platforms/sandbox.ts). */
export const sandboxPlatformCampaigns = pgTable(
  'sandbox_platform_campaigns',
  {
    platformKey: text('platform_key').notNull(),
    externalId: text('external_id').primaryKey(),
    /** The client's idempotency key: a second launch with the same key returns this record. */
    reference: text('reference').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** in_review | active | paused | rejected | deleted */
    status: text('status').notNull(),
    reason: text('reason'),
    /** Launch requests received with this reference (1 unless a client retried). */
    launchRequests: integer('launch_requests').notNull().default(1),
    /**
     * Every status change with the sandbox day it happened on, oldest first: what the campaign delivered on a
     * day follows the status it had then (server/platforms/sandbox/deliveryReport.ts).
     */
    statusHistory: jsonb('status_history')
      .$type<{ status: string; on: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_platform_campaigns_reference_idx').on(t.platformKey, t.reference)],
);

/**
 * The sandbox platforms' clock: their "today" is the real UTC day plus `offset_days`, so a demo or a test can
 * let them deliver days ahead (server/platforms/sandbox/clock.ts). One row at most.
 */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetDays: integer('offset_days').notNull().default(0),
    updatedAt: updatedAt(),
  },
  () => [check('sandbox_clock_single_row_check', sql`id = 1`)],
);

/** Failures the sandbox platforms will answer with, consumed one per matching call (tests, demos). */
export const sandboxFailures = pgTable(
  'sandbox_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformKey: text('platform_key').notNull(),
    /** validate | launch | status | pause | resume | delete | find | any */
    operation: text('operation').notNull().default('any'),
    /** validation | rate_limit | expired_credential | unavailable | hang */
    kind: text('kind').notNull(),
    remaining: integer('remaining').notNull().default(1),
    retryAfterSeconds: integer('retry_after_seconds').notNull().default(1),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_failures_platform_idx').on(t.platformKey, t.createdAt)],
);

// --- platform connections, delivery and its syncs (docs/delivery.md) ---------------------------------------

/**
 * An account's OAuth connection to one ad platform; no row = not connected. Tokens are sealed with
 * AES-256-GCM (server/db/secretBox.ts, key from SECRETS_KEY) and never leave the server.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** connected | needs_reconnect (expired or revoked: the planner must connect again). */
    status: text('status').notNull().default('connected'),
    /** The ad account on the platform the planner chose on its consent page. */
    externalAccountId: text('external_account_id').notNull(),
    externalAccountName: text('external_account_name').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope').notNull().default(''),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    /** Why it needs reconnecting, in words for the planner ("Access was revoked on Meta."). */
    problem: text('problem'),
    /** The platform's "changed since" cursor of the last successful delivery sync (opaque to us). */
    syncCursor: text('sync_cursor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.platformKey] }),
    check('platform_connections_status_check', oneOf('status', CONNECTION_STATUSES)),
    index('platform_connections_expiry_idx').on(t.accessExpiresAt),
  ],
);

/**
 * A Connect in progress: our OAuth client's `state` (stored hashed) with its PKCE verifier (sealed), used
 * once by the callback and refused after `expires_at`.
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    /** A same-origin path to return to after the callback (contract/returnUrl.ts rules). */
    returnTo: text('return_to').notNull().default('/platforms'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oauth_authorizations_expiry_idx').on(t.expiresAt)],
);

/** The sandbox platforms' authorization server: codes issued on their consent pages (hashed, single use). */
export const sandboxOauthCodes = pgTable('sandbox_oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  platformKey: text('platform_key').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  codeChallengeMethod: text('code_challenge_method').notNull().default('S256'),
  scope: text('scope').notNull().default(''),
  externalAccountId: text('external_account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** The sandbox platforms' issued tokens (hashed); `revoked_at` is how the sandbox is told to revoke. */
export const sandboxOauthTokens = pgTable(
  'sandbox_oauth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformKey: text('platform_key').notNull(),
    clientId: text('client_id').notNull(),
    externalAccountId: text('external_account_id').notNull(),
    scope: text('scope').notNull().default(''),
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_oauth_tokens_access_idx').on(t.accessTokenHash),
    uniqueIndex('sandbox_oauth_tokens_refresh_idx').on(t.refreshTokenHash),
    index('sandbox_oauth_tokens_account_idx').on(t.platformKey, t.externalAccountId),
  ],
);

/**
 * What the platforms reported delivering: one row per campaign, platform and day, upserted by the sync
 * (server/delivery/store.ts) so a re-sync or a restatement replaces the day. Money in the campaign's
 * currency, integer minor units. `account_id` is the campaign's, kept here so every report stays inside
 * one tenant on an index.
 */
export const deliveryDaily = pgTable(
  'delivery_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    date: date('date', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    reach: bigint('reach', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.platformKey, t.date] }),
    index('delivery_daily_account_date_idx').on(t.accountId, t.date),
    check(
      'delivery_daily_counts_check',
      sql`impressions >= 0 AND reach >= 0 AND clicks >= 0 AND spend_minor >= 0 AND conversions >= 0`,
    ),
  ],
);

/** One delivery sync of one connection: when, what it asked for, what it wrote, how it ended. */
export const deliverySyncs = pgTable(
  'delivery_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** running | succeeded | failed | rate_limited */
    outcome: text('outcome').notNull().default('running'),
    /** The first day asked for (the cursor's day minus the restatement window). */
    sinceDate: date('since_date', { mode: 'string' }),
    campaigns: integer('campaigns').notNull().default(0),
    rowsUpserted: integer('rows_upserted').notNull().default(0),
    message: text('message'),
    /** A rate-limited sync is not retried before this (the platform's Retry-After). */
    retryAfter: timestamp('retry_after', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('delivery_syncs_connection_idx').on(t.accountId, t.platformKey, t.startedAt),
    check('delivery_syncs_outcome_check', oneOf('outcome', SYNC_OUTCOMES)),
  ],
);

/**
 * Fixed-window counters of the HTTP rate limits (server/http/rateLimit.ts, rate-limiter-flexible's
 * PostgreSQL store; its own column names). In the database so every API process counts together.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** Epoch ms when the window ends; expired rows are deleted by the limiter every 5 minutes. */
  expire: bigint('expire', { mode: 'number' }),
});

// --- delivery rollups (docs/reports.md): kept exact by triggers on delivery_daily and campaigns -------------

const countColumns = () => ({
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  reach: bigint('reach', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
});

/**
 * Delivery summed over campaigns by account, currency, customer, platform and day: the day and week
 * groupings read ~7 rows per customer and day instead of every campaign's. Currency and customer are the
 * campaign's current ones (a campaign trigger moves its sums when they change).
 */
export const deliveryRollupDaily = pgTable(
  'delivery_rollup_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    platformKey: text('platform_key').notNull(),
    customerId: uuid('customer_id'),
    ...countColumns(),
  },
  (t) => [
    unique('delivery_rollup_daily_key')
      .on(t.accountId, t.currency, t.date, t.platformKey, t.customerId)
      .nullsNotDistinct(),
  ],
);

/**
 * The daily rollup without the customer: one row per currency, day and platform (7 a day instead of 7 per
 * customer), for day, week and platform reports that neither group nor filter by customer. Kept by the
 * same triggers as the daily rollup, from the same changes (migration 0018_rollups_in_one_pass): delivery,
 * restatements, a campaign changing currency, a deletion.
 */
export const deliveryRollupPlatformDaily = pgTable(
  'delivery_rollup_platform_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    platformKey: text('platform_key').notNull(),
    ...countColumns(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency, t.date, t.platformKey] })],
);

/**
 * Each delivering campaign's first and last delivered day (over all platforms) and its totals: with the
 * cumulative table, any range's sum is two lookups (docs/reports.md).
 */
export const deliveryCampaignSpans = pgTable(
  'delivery_campaign_spans',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    /**
     * The campaign's currency, written with the span's sums and moved when the campaign's currency
     * changes (migrations 0017, 0018): a report finds its campaigns and the account's currencies from the
     * spans alone, without joining every campaign.
     */
    currency: char('currency', { length: 3 }).notNull(),
    ...countColumns(),
  },
  (t) => [index('delivery_campaign_spans_account_idx').on(t.accountId, t.lastDate)],
);

/**
 * A campaign's running totals (all platforms) on every day from its first to its last delivered day, no
 * gaps: the sum over [from, to] is cumulative(to) − cumulative(from − 1).
 */
export const deliveryCampaignCumulative = pgTable(
  'delivery_campaign_cumulative',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...countColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.date] }),
    // Both carry the figures they serve, so reports and pacing read the index alone (index-only scans).
    index('delivery_campaign_cumulative_day_idx').on(
      t.accountId,
      t.date,
      t.campaignId,
      t.impressions,
      t.reach,
      t.clicks,
      t.spendMinor,
      t.conversions,
    ),
    index('delivery_campaign_cumulative_spend_idx').on(t.campaignId, t.date, t.spendMinor),
  ],
);

// --- the built-in step-up provider (server/provider/) ------------------------------------------------------

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Tenants of the built-in provider; the configured one (PROVIDER_TENANT_ID) is created on first use. */
export const providerTenants = pgTable('provider_tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Key/value settings of the provider: the generated secret when PROVIDER_SECRET is not set. */
export const providerSettings = pgTable('provider_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The provider's users: the app's user ids per tenant, with the sign-in address for the e-mail fallback. */
export const providerUsers = pgTable(
  'provider_users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

/** One recovery code of a set: its hash, and when it was used (null while it still works). */
export interface RecoveryCodeHash {
  hash: string;
  usedAt: string | null;
}

export const providerAuthenticators = pgTable(
  'provider_authenticators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** PASSKEY | SECURITY_KEY | EMAIL_OTP | EMAIL_MAGIC_LINK | AUTHENTICATOR_APP | SMS | RECOVERY_CODE */
    method: text('method').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    /** Null until the first verification confirms the enrolment. */
    verifiedAt: at('verified_at'),
    lastUsedAt: at('last_used_at'),
    // WebAuthn
    credentialId: text('credential_id'),
    /** COSE public key, base64url */
    publicKey: text('public_key'),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    attachment: text('attachment'),
    // TOTP: AES-256-GCM of the base32 secret ("iv.tag.ciphertext", base64url); the last accepted 30 s step.
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    email: text('email'),
    phoneNumber: text('phone_number'),
    /**
     * When the user was told this method was added (e-mail and a notice for their sessions); null until its
     * enrolment is confirmed. Claimed once, so the announcement goes out exactly once.
     */
    addedNoticeAt: at('added_notice_at'),
    /**
     * Recovery codes: the set's keyed hashes (HMAC-SHA-256 of the normalised code, keyed per authenticator)
     * and when each was used. The clear codes are shown once at enrolment and never stored.
     */
    recoveryCodes: jsonb('recovery_codes').$type<RecoveryCodeHash[]>(),
  },
  (t) => [
    index('provider_authenticators_user_idx').on(t.tenantId, t.userId, t.method),
    uniqueIndex('provider_authenticators_credential_idx')
      .on(t.tenantId, t.credentialId)
      .where(sql`${t.credentialId} IS NOT NULL`),
  ],
);

/**
 * Every challenge of the provider: WebAuthn ceremonies (single-use `webauthnChallenge`), e-mail/SMS codes
 * (HMAC `codeHash`, `attempts`), magic links (`magicLinkHash`, `verifiedAt` when the link was opened), TOTP
 * attempt counters and action challenges (`POST /client/challenge`). `consumedAt` makes each single-use.
 */
export const providerChallenges = pgTable(
  'provider_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    /** Null for a usernameless passkey sign-in until the credential names the user. */
    userId: text('user_id'),
    /** webauthn_registration | webauthn_authentication | email_otp | sms | email_magic_link | totp | recovery_code | action */
    kind: text('kind').notNull(),
    method: text('method'),
    action: text('action').notNull(),
    authenticatorId: uuid('authenticator_id').references(() => providerAuthenticators.id, {
      onDelete: 'cascade',
    }),
    recipient: text('recipient'),
    webauthnChallenge: text('webauthn_challenge'),
    /** the attachment asked for in the registration options (passkeys: platform, security keys: cross-platform) */
    attachment: text('attachment'),
    codeHash: text('code_hash'),
    magicLinkHash: text('magic_link_hash'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: at('locked_at'),
    verifiedAt: at('verified_at'),
    consumedAt: at('consumed_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_challenges_user_idx').on(t.tenantId, t.userId, t.kind, t.createdAt),
    uniqueIndex('provider_challenges_magic_link_idx')
      .on(t.magicLinkHash)
      .where(sql`${t.magicLinkHash} IS NOT NULL`),
    index('provider_challenges_webauthn_idx').on(t.tenantId, t.webauthnChallenge),
  ],
);

/** The `jti` of every 'verified' token the app server accepted: a token is valid once. */
export const providerUsedTokens = pgTable('provider_used_tokens', {
  jti: text('jti').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: text('user_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

/** Messages delivered to the development outbox (/dev/outbox) when no e-mail/SMS provider is configured. */
export const providerOutbox = pgTable(
  'provider_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** email | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    code: text('code'),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('provider_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** One row per code or link sent, whatever the delivery: resend cooldown and send limits count these. */
export const providerSendLog = pgTable(
  'provider_send_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('provider_send_log_recipient_idx').on(t.recipient, t.sentAt)],
);

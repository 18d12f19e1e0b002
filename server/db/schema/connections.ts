import { CONNECTION_STATUSES, SYNC_OUTCOMES } from '@contract/delivery';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns, platforms } from './campaigns';
import { createdAt, oneOf, updatedAt } from './columns';
import { accounts, users } from './identity';

// Platform connections, delivery and its syncs (docs/delivery.md).

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
    /**
     * The manager account the ad account is reached through (Google Ads: an agency's manager account, sent as
     * `login-customer-id`); null where the platform has none or the account is reached directly.
     */
    externalManagerId: text('external_manager_id'),
    externalManagerName: text('external_manager_name'),
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

/**
 * A grant that reaches several ad accounts, waiting for the planner to choose the one this Flightplan account
 * runs (the Connect's callback keeps it here, tokens sealed, for 10 minutes). Read and used once by the person
 * who connected, in the account they connected from.
 */
export const platformAdAccountChoices = pgTable(
  'platform_ad_account_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** `{ accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, scope }` as JSON, sealed. */
    tokensSealed: text('tokens_sealed').notNull(),
    /** AdAccountChoice[] (server/platforms/connector.ts): what the grant reaches, as the platform listed it. */
    adAccounts: jsonb('ad_accounts').notNull(),
    returnTo: text('return_to').notNull().default('/platforms'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('platform_ad_account_choices_expiry_idx').on(t.expiresAt)],
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

import { TRIAL_PLAN_CODE } from '@contract/plans';
import { ROLES } from '@contract/policy';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';

// Organizations, accounts, users, memberships, sessions and the security activity.

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
  /** "Launch needs sign-off" (issue 27): launching waits for the current plan revision's approval. */
  launchNeedsSignOff: boolean('launch_needs_sign_off').notNull().default(false),
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
    /** Owners and admins always; planners, analysts (and never clients) unless limited to `membership_accounts`. */
    allAccounts: boolean('all_accounts').notNull().default(true),
    /** Touched by the session loader at most every few minutes: the team page's "last active". */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_org_idx').on(t.organizationId),
    check('memberships_role_check', oneOf('role', ROLES)),
    check('memberships_accounts_check', sql`all_accounts OR role NOT IN ('owner', 'admin')`),
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
    /** The browser it was started from: a hash of its device cookie (issue 26), null for one without. */
    deviceId: text('device_id'),
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
    /** A sign-in from a browser this user had not signed in from before (issue 26): told by e-mail too. */
    newDevice: boolean('new_device').notNull().default(false),
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

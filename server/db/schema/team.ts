import { ROLES } from '@contract/policy';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';
import { accounts, memberships, organizations, users } from './identity';

// Teams (issue 26): the accounts a limited member may work in, and invitations.

/** The accounts of a member whose `memberships.all_accounts` is false. */
export const membershipAccounts = pgTable(
  'membership_accounts',
  {
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId, t.accountId] }),
    foreignKey({
      columns: [t.userId, t.organizationId],
      foreignColumns: [memberships.userId, memberships.organizationId],
      name: 'membership_accounts_membership_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * An invitation to an organization, by e-mail. The link carries a random token; only its SHA-256 is kept.
 * Pending while not accepted, not revoked and not expired.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** Null: every account; otherwise the accounts the new member may work in. */
    accountIds: uuid('account_ids').array(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('invitations_org_idx').on(t.organizationId, t.createdAt),
    check('invitations_role_check', oneOf('role', ROLES)),
    check('invitations_one_end_check', sql`accepted_at IS NULL OR revoked_at IS NULL`),
  ],
);

/**
 * The organization's security activity (issue 26): who invited, changed, removed whom, and when. Shown on the
 * team page; the user's own sign-ins and step-ups stay in `security_events`.
 */
export const organizationEvents = pgTable(
  'organization_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who did it; null once that user is deleted (or for an invitation accepted by its invitee: the invitee). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** contract/team.ts TEAM_EVENT_KINDS */
    kind: text('kind').notNull(),
    /** The e-mail of the member or invitee it was about. */
    subjectEmail: text('subject_email').notNull(),
    /** The role and accounts before and after, as the change named them. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('organization_events_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * An organization's own domains (issue 26, white-label): a sign-in page served on one, or opened with
 * `domain=<host>`, shows that organization's brand and its single sign-on.
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    /** Lower-cased host name, e.g. `ads.agency.example`; one organization per domain. */
    domain: text('domain').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('organization_domains_org_idx').on(t.organizationId)],
);

import { FROZEN_REVISION_STATUSES, NOTIFICATION_KINDS } from '@contract/revisionStatus';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { createdAt, oneOf } from './columns';
import { accounts, organizations, users } from './identity';

// Plan revisions, sign-off, the change log and notifications (issue 27).

/**
 * A frozen revision of a campaign's plan: the snapshot of every step at "Send for approval", with its
 * content hash. The draft (the plan as it is now) is never stored. A frozen snapshot never changes: the
 * database refuses it (migration 0027_revision_guards), whatever the application does.
 */
export const planRevisions = pgTable(
  'plan_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    /** SHA-256 (hex) of the snapshot's canonical JSON: what an approval is bound to. */
    hash: text('hash').notNull(),
    /**
     * The names the platforms gave the snapshot's interests when it was frozen (platform → id → name), beside
     * the snapshot rather than in it: the hash (and so every approval) stays the plan's own. Frozen too.
     */
    interestNames: jsonb('interest_names')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
    /** Who sent it for approval (froze it). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The full name the approver typed. */
    decidedName: text('decided_name'),
    /** How the approver confirmed it was them (the step-up method: webauthn, totp, email, sms…). */
    decidedMethod: text('decided_method'),
    /** The approver's comment (required when asking for changes). */
    comment: text('comment'),
  },
  (t) => [
    unique('plan_revisions_campaign_number').on(t.campaignId, t.number),
    index('plan_revisions_account').on(t.accountId),
    check('plan_revisions_status', oneOf('status', FROZEN_REVISION_STATUSES)),
    check('plan_revisions_number', sql`number >= 1`),
  ],
);

/** Who was asked to approve a revision. */
export const planRevisionApprovers = pgTable(
  'plan_revision_approvers',
  {
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => planRevisions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.userId] })],
);

/**
 * The change log: one row per changed field (or per created / deleted row), written by triggers in the
 * same transaction as the change (migration 0026_change_log). Append-only: the database refuses updates
 * and deletes. No foreign keys: a row outlives the user, campaign or account it names.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The signed-in user whose request made the change; null: Flightplan itself (a job, a sync). */
    actorUserId: uuid('actor_user_id'),
    organizationId: uuid('organization_id'),
    accountId: uuid('account_id'),
    campaignId: uuid('campaign_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** create | update | delete */
    op: text('op').notNull(),
    /** The column that changed; null for a created or deleted row. */
    field: text('field'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The plan revision the change went into (campaign rows only). */
    revision: integer('revision'),
  },
  (t) => [
    index('change_log_account_at').on(t.accountId, t.at.desc()),
    index('change_log_campaign_at').on(t.campaignId, t.at.desc()),
    index('change_log_organization_at').on(t.organizationId, t.at.desc()),
    check('change_log_op', oneOf('op', ['create', 'update', 'delete'])),
  ],
);

/** A member's in-app notification. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where the notification leads in the app (a path, never an outside URL). */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt.desc()),
    check('notifications_kind', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

/** Whether a member wants e-mail for a kind of notification too (no row: the kind's default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

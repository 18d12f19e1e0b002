import { CAMPAIGN_PLATFORM_STATUSES } from '@contract/campaigns';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, platforms } from './campaigns';
import { createdAt, oneOf, updatedAt } from './columns';

// Campaign launching and deleting on ad platforms, and the sandbox platforms' own records.

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
    /**
     * The hash of the plan this placement runs (a `campaign_live_plans` row): set when the launch created it
     * and when an applied change reached it. Behind the campaign's `live_hash` while an update is owed.
     */
    appliedHash: text('applied_hash'),
    /** The update job's own attempts, error and retry time (issue 28), apart from the lifecycle jobs'. */
    updateAttempts: integer('update_attempts').notNull().default(0),
    updateError: text('update_error'),
    updateNextAt: timestamp('update_next_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.platformKey] }),
    check('campaign_platforms_status_check', oneOf('status', CAMPAIGN_PLATFORM_STATUSES)),
  ],
);

/**
 * The plans that were sent to the platforms (issue 28): the snapshot launched, and each change applied
 * since, by content hash. `campaigns.live_hash` names the newest; a placement's `applied_hash` the one it
 * runs. Written once, never changed: the review compares the draft with what runs.
 */
export const campaignLivePlans = pgTable(
  'campaign_live_plans',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    /** The names of the snapshot's interests when it was sent (platform → id → name), beside it, not in it. */
    interestNames: jsonb('interest_names')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default({}),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    appliedBy: uuid('applied_by'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.hash] })],
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
     * The update keys the platform applied, oldest first (issue 28): an update sent again under a key it
     * already applied changes nothing, so a retried job's update reaches the platform once.
     */
    appliedUpdates: jsonb('applied_updates').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Update requests received, repeats included. */
    updateRequests: integer('update_requests').notNull().default(0),
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

import { PACING_THRESHOLD_MAX, PACING_THRESHOLD_MIN } from '@contract/pacing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { oneOf, updatedAt } from './columns';
import { accounts, organizations, users } from './identity';
import { campaignFlights } from './planning';

// Pacing alerts (issue 28, docs/pacing.md#pacing-alerts).

const inRange = (column: string) =>
  sql.raw(`${column} BETWEEN ${PACING_THRESHOLD_MIN} AND ${PACING_THRESHOLD_MAX}`);

/** An account's pacing thresholds; no row: the defaults (contract/pacing.ts DEFAULT_PACING_THRESHOLDS). */
export const accountPacingSettings = pgTable(
  'account_pacing_settings',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    underPercent: integer('under_percent').notNull(),
    overPercent: integer('over_percent').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [
    check('account_pacing_settings_under', inRange('under_percent')),
    check('account_pacing_settings_over', inRange('over_percent')),
  ],
);

/**
 * A flight that is off pace and was alerted about: one row while it stays off pace (so a later sync does not
 * alert again); removed when it is back on track, so going off pace again alerts again.
 */
export const pacingAlerts = pgTable(
  'pacing_alerts',
  {
    flightId: uuid('flight_id')
      .primaryKey()
      .references(() => campaignFlights.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The day the verdict was for (the platform's day after its last complete one). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull(),
    plannedMinor: bigint('planned_minor', { mode: 'number' }).notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('pacing_alerts_account_idx').on(t.accountId),
    check('pacing_alerts_status', oneOf('status', ['underpacing', 'overpacing'])),
  ],
);

/** A member's daily pacing digest e-mail (Settings → Notifications); no row: off. */
export const pacingDigests = pgTable('pacing_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  /** The last day a digest went out (once a day, whichever process runs the job). */
  lastSentOn: date('last_sent_on', { mode: 'string' }),
});

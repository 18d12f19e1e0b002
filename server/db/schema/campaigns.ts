import { SPLIT_MODES } from '@contract/planning';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES } from '@contract/reference';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from './columns';
import { accounts, organizations } from './identity';
import { campaignFlights } from './planning';

// The reference data, customers, campaigns, bookings and budgets.

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
    /**
     * The hash of the plan last sent to the platforms (launched, or a change applied; issue 28); null before
     * launch. A live campaign whose plan hashes otherwise has a change in draft.
     */
    liveHash: text('live_hash'),
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

import { bigint, char, date, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { accounts } from './identity';

// Delivery rollups (docs/reports.md): kept exact by triggers on delivery_daily and campaigns.

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

import { BID_STRATEGIES, PACINGS } from '@contract/planning';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, platforms } from './campaigns';
import { oneOf } from './columns';

// The media plan (docs/planning.md): a campaign's allocations, audience and flights.

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
  /** Platform key → interest id → the name the platform gave it when the audience was saved. */
  interestNames: jsonb('interest_names')
    .$type<Record<string, Record<string, string>>>()
    .notNull()
    .default({}),
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

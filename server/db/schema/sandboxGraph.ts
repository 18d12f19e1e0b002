import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local Meta Graph API stand-in's objects (server/platforms/sandbox/graph/): campaigns, ad sets, ad
 * creatives, ads, ad images and ad videos, as the Graph API holds them. `fields` keeps what the client sent in
 * Graph's own names and units (budgets in the account currency's minor units, targeting as Graph's object);
 * `status_history` (campaigns) records each status change on the sandbox day it happened, which is what the
 * deterministic delivery behind `/insights` follows.
 */
export const sandboxGraphObjects = pgTable(
  'sandbox_graph_objects',
  {
    /** Numeric string, as Graph ids are (images: their 32-hex hash). */
    id: text('id').primaryKey(),
    /** campaign | adset | adcreative | ad | adimage | advideo */
    kind: text('kind').notNull(),
    /** `act_<digits>`: the ad account that owns it. */
    adAccountId: text('ad_account_id').notNull(),
    /** The campaign of an ad set, the ad set of an ad. */
    parentId: text('parent_id'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** ACTIVE | PAUSED | DELETED | ARCHIVED (what the client set). */
    status: text('status').notNull().default('ACTIVE'),
    statusHistory: jsonb('status_history')
      .$type<{ status: string; on: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_graph_objects_account_idx').on(t.adAccountId, t.kind),
    index('sandbox_graph_objects_parent_idx').on(t.parentId),
  ],
);

import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizations, users } from './identity';

// Shell: plans, white-label, client errors, analytics.

/** Postgres `bytea` as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** Every plan change, whoever made it (the local billing adapter, or a payment provider's webhook). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fromPlanCode: text('from_plan_code').notNull(),
    toPlanCode: text('to_plan_code').notNull(),
    /** Null when the change came from the payment provider rather than a signed-in user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_organization_idx').on(t.organizationId, t.changedAt)],
);

/** White-label icons, already resized to 128×128 PNG. A new upload gets a new uuid (so URLs are immutable). */
export const brandIcons = pgTable(
  'brand_icons',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    png: bytea('png').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('brand_icons_organization_idx').on(t.organizationId)],
);

/** Errors the browser reported (render errors, failed requests it could not handle). */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    status: integer('status'),
    componentStack: text('component_stack'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);

/** Product analytics as recorded by the `database` analytics adapter. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** page | identify | group */
    type: text('type').notNull(),
    name: text('name'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    anonymousId: text('anonymous_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_occurred_idx').on(t.occurredAt)],
);

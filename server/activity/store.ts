import { type ActivityEntity, type ActivityFilters, ORGANIZATION_ENTITIES } from '@contract/activity';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';

/**
 * Reading the change log (issue 27, docs/activity.md). The triggers of migration 0026_change_log write it; the
 * application only reads it, scoped from the session: the rows of the current account, and the
 * organization's own rows (members and their account access) only for who may manage members.
 */

export interface ActivityScope {
  organizationId: string;
  accountId: string;
  /** May see the organization-level rows (members): `members.manage`. */
  seesMembers: boolean;
}

/** One stored row, with its actor's user (null when deleted or for Flightplan itself). */
export interface ChangeLogRow {
  id: number;
  at: Date;
  actorUserId: string | null;
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  campaignId: string | null;
  entity: ActivityEntity;
  entityId: string;
  op: 'create' | 'update' | 'delete';
  field: string | null;
  before: unknown;
  after: unknown;
  revision: number | null;
}

function whereOf(scope: ActivityScope, filters: ActivityFilters): SQL {
  const orgEntities = sql.raw(`ARRAY[${ORGANIZATION_ENTITIES.map((e) => `'${e}'`).join(',')}]::text[]`);
  const parts: SQL[] = [
    scope.seesMembers
      ? sql`((l.account_id = ${scope.accountId}::uuid AND l.entity <> ALL(${orgEntities}))
            OR (l.organization_id = ${scope.organizationId}::uuid AND l.entity = ANY(${orgEntities})))`
      : sql`(l.account_id = ${scope.accountId}::uuid AND l.entity <> ALL(${orgEntities}))`,
  ];
  if (filters.campaignId) parts.push(sql`l.campaign_id = ${filters.campaignId}::uuid`);
  if (filters.actorId) parts.push(sql`l.actor_user_id = ${filters.actorId}::uuid`);
  if (filters.entity) parts.push(sql`l.entity = ${filters.entity}`);
  if (filters.from) parts.push(sql`l.at >= (${filters.from}::date::timestamp AT TIME ZONE 'UTC')`);
  if (filters.to) parts.push(sql`l.at < ((${filters.to}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  return sql.join(parts, sql` AND `);
}

/** A page of the log, newest first, and how many rows match. */
export async function listActivity(
  db: Database,
  scope: ActivityScope,
  filters: ActivityFilters,
  page: { start: number; end: number },
): Promise<{ rows: ChangeLogRow[]; total: number }> {
  const where = whereOf(scope, filters);
  const [rows, count] = await Promise.all([
    db.execute<ChangeLogRow & Record<string, unknown>>(sql`
      SELECT l.id, l.at, l.actor_user_id AS "actorUserId", u.email AS "actorEmail",
        u.first_name AS "actorFirstName", u.last_name AS "actorLastName", l.campaign_id AS "campaignId",
        l.entity, l.entity_id AS "entityId", l.op, l.field, l.before, l.after, l.revision
      FROM change_log l LEFT JOIN users u ON u.id = l.actor_user_id
      WHERE ${where}
      ORDER BY l.at DESC, l.id DESC
      LIMIT ${page.end - page.start} OFFSET ${page.start}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM change_log l WHERE ${where}`),
  ]);
  return {
    rows: rows.rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at) })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/** Everyone who changed something the caller may see, by name: the "who" filter's options. */
export async function listActors(
  db: Database,
  scope: ActivityScope,
): Promise<{ id: string; email: string; firstName: string; lastName: string }[]> {
  const { rows } = await db.execute<{ id: string; email: string; first_name: string; last_name: string }>(sql`
    SELECT u.id, u.email, u.first_name, u.last_name FROM users u
    WHERE u.id IN (SELECT DISTINCT l.actor_user_id FROM change_log l WHERE ${whereOf(scope, {})})
    ORDER BY lower(u.first_name || ' ' || u.last_name), u.email`);
  return rows.map((u) => ({ id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name }));
}

/** Name lookups for the values as people read them: one query per table, only for the ids asked. */
export interface NameLookups {
  users: string[];
  customers: string[];
  budgets: string[];
  campaigns: string[];
  accounts: string[];
  flights: string[];
  ads: string[];
  bookings: string[];
}

export interface Names {
  users: Map<string, { email: string; firstName: string; lastName: string }>;
  customers: Map<string, string>;
  budgets: Map<string, { name: string; currency: string }>;
  campaigns: Map<string, { name: string; currency: string }>;
  accounts: Map<string, string>;
  flights: Map<string, { platformKey: string }>;
  ads: Map<string, { platformKey: string; name: string }>;
  bookings: Map<string, { platformKey: string; currency: string }>;
  platforms: Map<string, string>;
  objectives: Map<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: string[]) => [...new Set(ids.filter((id) => UUID.test(id)))];

async function byIds<R extends Record<string, unknown>>(
  db: Database,
  ids: string[],
  query: (list: SQL) => SQL,
): Promise<R[]> {
  const list = uuids(ids);
  if (list.length === 0) return [];
  const { rows } = await db.execute(query(sql`${`{${list.join(',')}}`}::uuid[]`));
  return rows as R[];
}

/**
 * The names the page refers to, scoped: a referenced row of another organization is not named (the log
 * shows its id). Reference data (platforms, objectives) is read whole: a handful of rows.
 */
export async function lookUpNames(db: Database, organizationId: string, ids: NameLookups): Promise<Names> {
  const [users, customers, budgets, campaigns, accounts, flights, ads, bookings, platforms, objectives] =
    await Promise.all([
      byIds<{ id: string; email: string; first_name: string; last_name: string }>(
        db,
        ids.users,
        (list) => sql`SELECT u.id, u.email, u.first_name, u.last_name FROM users u
          WHERE u.id = ANY(${list}) AND EXISTS (SELECT 1 FROM memberships m
            WHERE m.user_id = u.id AND m.organization_id = ${organizationId}::uuid)`,
      ),
      byIds<{ id: string; name: string }>(
        db,
        ids.customers,
        (list) =>
          sql`SELECT id, name FROM customers WHERE id = ANY(${list}) AND organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; name: string; currency: string }>(
        db,
        ids.budgets,
        (list) =>
          sql`SELECT id, name, currency FROM budgets WHERE id = ANY(${list}) AND organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; name: string; currency: string }>(
        db,
        ids.campaigns,
        (list) =>
          sql`SELECT id, name, currency FROM campaigns WHERE id = ANY(${list}) AND organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; name: string }>(
        db,
        ids.accounts,
        (list) =>
          sql`SELECT id, name FROM accounts WHERE id = ANY(${list}) AND organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; platform_key: string }>(
        db,
        ids.flights,
        (
          list,
        ) => sql`SELECT f.id, f.platform_key FROM campaign_flights f JOIN campaigns c ON c.id = f.campaign_id
          WHERE f.id = ANY(${list}) AND c.organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; platform_key: string; name: string }>(
        db,
        ids.ads,
        (
          list,
        ) => sql`SELECT a.id, a.platform_key, a.name FROM campaign_ads a JOIN campaigns c ON c.id = a.campaign_id
          WHERE a.id = ANY(${list}) AND c.organization_id = ${organizationId}::uuid`,
      ),
      byIds<{ id: string; platform_key: string; currency: string }>(
        db,
        ids.bookings,
        (list) => sql`SELECT id, platform_key, currency FROM bookings
          WHERE id = ANY(${list}) AND organization_id = ${organizationId}::uuid`,
      ),
      db.execute<{ key: string; display_name: string }>(sql`SELECT key, display_name FROM platforms`),
      db.execute<{ id: number; label: string }>(sql`SELECT id, label FROM objectives`),
    ]);
  return {
    users: new Map(
      users.map((u) => [u.id, { email: u.email, firstName: u.first_name, lastName: u.last_name }]),
    ),
    customers: new Map(customers.map((c) => [c.id, c.name])),
    budgets: new Map(budgets.map((b) => [b.id, { name: b.name, currency: b.currency }])),
    campaigns: new Map(campaigns.map((c) => [c.id, { name: c.name, currency: c.currency }])),
    accounts: new Map(accounts.map((a) => [a.id, a.name])),
    flights: new Map(flights.map((f) => [f.id, { platformKey: f.platform_key }])),
    ads: new Map(ads.map((a) => [a.id, { platformKey: a.platform_key, name: a.name }])),
    bookings: new Map(bookings.map((b) => [b.id, { platformKey: b.platform_key, currency: b.currency }])),
    platforms: new Map(platforms.rows.map((p) => [p.key, p.display_name])),
    objectives: new Map(objectives.rows.map((o) => [String(o.id), o.label])),
  };
}

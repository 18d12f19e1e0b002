import {
  ACTIVITY_ENTITIES,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntity,
  type ActivityEntry,
  type ActivityFilters,
} from '@contract/activity';
import { can } from '@contract/policy';
import { MAX_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@contract/resources';
import { type Context, Hono } from 'hono';
import { requireAccount } from '../auth/sessions';
import type { Database } from '../db/connect';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { allow } from '../http/policy';
import { csvCell } from '../reports/csv';
import { idsToLookUp, toEntry } from './format';
import { type ActivityScope, listActivity, listActors, lookUpNames } from './store';

/** How many rows one CSV export holds at most (newest first); narrow the filters for older ones. */
export const CSV_MAX_ROWS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTERS = ['campaignId', 'actorId', 'entity', 'from', 'to'] as const;
const PAGING = ['_start', '_end'] as const;

const bad = (parameter: string, message: string) =>
  new HttpError(400, `${parameter}: ${message}`, { validationErrors: { [parameter]: { message } } });

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The filters of the query string, checked: a bad value is a 400 naming its parameter. */
export function parseFilters(url: URL, paging: boolean): ActivityFilters {
  const known = new Set<string>([...FILTERS, ...(paging ? PAGING : [])]);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) throw bad(key, `Unknown parameter ${key}`);
  }
  const one = (name: string) => {
    const values = url.searchParams.getAll(name);
    if (values.length > 1) throw bad(name, `Give ${name} once`);
    return values[0] === '' ? undefined : values[0];
  };
  const filters: ActivityFilters = {};
  const campaignId = one('campaignId');
  if (campaignId !== undefined) {
    if (!UUID.test(campaignId)) throw bad('campaignId', 'Not a campaign id');
    filters.campaignId = campaignId.toLowerCase();
  }
  const actorId = one('actorId');
  if (actorId !== undefined) {
    if (!UUID.test(actorId)) throw bad('actorId', 'Not a member id');
    filters.actorId = actorId.toLowerCase();
  }
  const entity = one('entity');
  if (entity !== undefined) {
    if (!(ACTIVITY_ENTITIES as readonly string[]).includes(entity))
      throw bad('entity', `Choose one of ${ACTIVITY_ENTITIES.join(', ')}`);
    filters.entity = entity as ActivityEntity;
  }
  for (const name of ['from', 'to'] as const) {
    const value = one(name);
    if (value === undefined) continue;
    if (!isDay(value)) throw bad(name, 'Give a date as YYYY-MM-DD');
    filters[name] = value;
  }
  if (filters.from && filters.to && filters.to < filters.from) throw bad('to', 'Must not be before from');
  return filters;
}

/** `_start`/`_end` as the lists take them (rows start…end-1; at most MAX_PAGE_SIZE). */
export function parsePage(url: URL): { start: number; end: number } {
  const whole = (name: string, text: string | null) => {
    if (text === null) return undefined;
    if (!/^\d+$/.test(text)) throw bad(name, 'Give a whole number ≥ 0');
    return Number(text);
  };
  const start = whole('_start', url.searchParams.get('_start')) ?? 0;
  const end = whole('_end', url.searchParams.get('_end')) ?? start + ACTIVITY_PAGE_SIZE;
  if (end < start) throw bad('_end', `Must not be less than _start (${start})`);
  if (end - start > MAX_PAGE_SIZE) throw bad('_end', `A page holds at most ${MAX_PAGE_SIZE} rows`);
  return { start, end };
}

function scopeOf(c: Context<AppEnv>): ActivityScope {
  const session = requireAccount(c);
  return {
    organizationId: session.organizationId,
    accountId: session.accountId,
    seesMembers: session.role ? can(session.role, 'members.manage') : false,
  };
}

async function entries(
  db: Database,
  scope: ActivityScope,
  filters: ActivityFilters,
  page: { start: number; end: number },
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const { rows, total } = await listActivity(db, scope, filters, page);
  const names = await lookUpNames(db, scope.organizationId, idsToLookUp(rows));
  return { entries: rows.map((row) => toEntry(row, names)), total };
}

const CSV_HEADER = ['When (UTC)', 'Who', 'Email', 'What', 'Campaign', 'Field', 'Before', 'After', 'Revision'];

export function csvOf(list: readonly ActivityEntry[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const entry of list) {
    lines.push(
      [
        entry.at,
        entry.actor?.name ?? 'Flightplan',
        entry.actor?.email ?? '',
        entry.entityLabel,
        entry.campaignName ?? '',
        entry.fieldLabel,
        entry.beforeText,
        entry.afterText,
        entry.revision === null ? '' : String(entry.revision),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The change log (issue 27, docs/activity.md): `GET /api/activity` (a page, newest first, `x-total-count`),
 * `GET /api/activity.csv` (the same filters, every matching row up to CSV_MAX_ROWS) and
 * `GET /api/activity/actors` (who appears in it: the "who" filter's options).
 */
export function createActivityRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/api/activity', allow('activity.read'), async (c) => {
    const url = new URL(c.req.url);
    const filters = parseFilters(url, true);
    const page = parsePage(url);
    const { entries: list, total } = await entries(c.get('db'), scopeOf(c), filters, page);
    c.header(TOTAL_COUNT_HEADER, String(total));
    c.header('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
    return c.json(list);
  });

  routes.get('/api/activity/actors', allow('activity.read'), async (c) => {
    const actors = await listActors(c.get('db'), scopeOf(c));
    return c.json(
      actors.map((u) => ({
        id: u.id,
        email: u.email,
        name: `${u.firstName} ${u.lastName}`.trim() || u.email,
      })),
    );
  });

  routes.get('/api/activity.csv', allow('activity.read'), async (c) => {
    const filters = parseFilters(new URL(c.req.url), false);
    const { entries: list } = await entries(c.get('db'), scopeOf(c), filters, {
      start: 0,
      end: CSV_MAX_ROWS,
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="flightplan-activity-${day}.csv"`);
    return c.body(csvOf(list));
  });

  return routes;
}

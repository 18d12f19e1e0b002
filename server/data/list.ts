import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@contract/resources';
import { and, eq, getTableName, inArray, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import type { campaignCounts } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ResourceDef, ScopeContext } from './define';
import { type FieldDef, PG_TYPE, parseFieldValue } from './fields';
import { scopeCondition } from './scope';
import { primaryKeyOf, querySharedRows, selectList } from './sql';

/**
 * `GET /api/{resource}` in the conventions of refine's simple-rest data provider over json-server:
 *
 * - paging `_start`/`_end` (rows start..end-1; default 0..10; at most 100 rows a page);
 * - sorting `_sort=a,b&_order=desc,asc` (order defaults to asc; the primary key always breaks ties);
 * - filters `field=v` (repeated: any of), `field_ne` (repeated: none of), `field_gte`, `field_lte`,
 *   `field_like` (case-insensitive contains of the literal text), `q` (contains over the text fields);
 *   on an array field `platforms=meta` means "contains meta";
 * - `id=a&id=b` is refine's getMany: without `_start`/`_end` the page is as long as the list of ids.
 *
 * Anything else (unknown field, parameter or operator, refine's 'or'/'and', malformed values) is a 400
 * naming the offender. Every value travels as a bound parameter; identifiers come from the whitelist.
 */

export interface ListQuery {
  offset: number;
  limit: number;
  where: SQL[];
  orderBy: SQL[];
  /** The filters as given (`status` → values; `q` included): whether a counts table can answer the total. */
  filterKeys: string[];
  /** The values of an equality filter on `counts.groupField`, if that is the only filter. */
  groupValues: string[] | null;
  /** The column of a single `_gte` or `_lte` bound, if that is the only filter. */
  rangeColumn: PgColumn | null;
  /** The columns of the sort, the primary key last. */
  sortColumns: PgColumn[];
  /** A contains-search (`_like`, `q`) is among the filters: every matching row is read for the total. */
  searches: boolean;
}

const OPERATORS = ['eq', 'ne', 'gte', 'lte', 'like'] as const;
type Operator = (typeof OPERATORS)[number];
const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q']);
const MAX_VALUES = MAX_PAGE_SIZE;

const dialect = new PgDialect();

/**
 * A column's qualified name as raw SQL, rendered once. Drizzle renders a column object by testing its
 * class against each kind of chunk; a list statement names its sort columns three or four times, and
 * rendering was most of the API's CPU for a query string it had not seen (docs/list-performance.md).
 */
const columnNames = new WeakMap<object, string>();
function columnName(column: FieldDef['column']): string {
  let name = columnNames.get(column);
  if (name === undefined) {
    name = dialect.sqlToQuery(sql`${column}`).sql;
    columnNames.set(column, name);
  }
  return name;
}

const bad = (message: string, param?: string) =>
  new HttpError(400, message, param ? { validationErrors: { [param]: { message } } } : {});

function single(name: string, values: string[]): string {
  if (values.length > 1) throw bad(`${name} may appear only once`, name);
  return values[0]!;
}

function wholeNumber(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw bad(`${name} must be a whole number of 0 or more, not "${raw}"`, name);
  return Number(raw);
}

/** Literal text for ILIKE: `%`, `_` and `\` lose their pattern meaning. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Case-insensitive contains of the literal text. In a UTF-8 database ILIKE is `lower(text) LIKE
 * lower(pattern)`, computed for every row it reads: a fragment too short for a trigram (fewer than 3
 * characters) reads every row of the tenant, so where the field has a stored `lower()` copy it is compared
 * with LIKE instead (same result, no folding per row). Longer fragments keep ILIKE on the column, which the
 * column's trigram index answers.
 */
function contains(f: FieldDef, raw: string): SQL {
  const pattern = likeContains(raw);
  if (f.folded && [...raw].length < TRIGRAM) {
    const folded = sql`${sql.identifier(getTableName(f.column.table))}.${sql.identifier(f.folded)}`;
    return sql`${folded} LIKE lower(${pattern}) ESCAPE '\\'`;
  }
  return sql`${f.column} ILIKE ${pattern} ESCAPE '\\'`;
}
const TRIGRAM = 3;

function field(def: ResourceDef, name: string): FieldDef | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

/** `startDate_gte` is field startDate, operator gte; a bare field name is equality. */
function splitKey(def: ResourceDef, key: string): { name: string; op: string } {
  const cut = key.lastIndexOf('_');
  if (field(def, key) || cut <= 0) return { name: key, op: 'eq' };
  return { name: key.slice(0, cut), op: key.slice(cut + 1) };
}

function filterCondition(def: ResourceDef, key: string, values: string[]): SQL {
  if (/^_?(or|and)$/i.test(key))
    throw bad(`The filter operator "${key.replace(/^_/, '')}" is not supported`, key);
  const { name, op } = splitKey(def, key);
  const f = field(def, name);
  if (!f?.filterable) {
    if (key.startsWith('_')) throw bad(`Unknown query parameter "${key}"`, key);
    throw bad(`Unknown filter field "${f ? name : key}" for ${def.name}`, key);
  }
  if (op === 'or' || op === 'and') throw bad(`The filter operator "${op}" is not supported`, key);
  if (!(OPERATORS as readonly string[]).includes(op) || (op === 'eq' && name !== key)) {
    throw bad(
      `Unknown filter operator "_${op}" in "${key}": use ${name}, ${name}_ne, ${name}_gte, ${name}_lte or ${name}_like`,
      key,
    );
  }
  return condition(f, key, op as Operator, values);
}

function condition(f: FieldDef, key: string, op: Operator, values: string[]): SQL {
  if (values.length > MAX_VALUES) throw bad(`${key} may be given at most ${MAX_VALUES} times`, key);
  const col = f.column;
  const type = PG_TYPE[f.type];
  if (op === 'like') {
    if (f.type !== 'text') throw bad(`${key}: the like operator applies to text fields only`, key);
    for (const raw of values) parseFieldValue(f, key, raw, true);
    return or(values.map((raw) => contains(f, raw)));
  }
  if (
    (op === 'gte' || op === 'lte') &&
    (f.type === 'uuid' || f.type === 'boolean' || f.type === 'textArray')
  ) {
    throw bad(`${key}: the ${op} operator does not apply to this field`, key);
  }
  const parsed = [...new Set(values.map((raw) => parseFieldValue(f, key, raw)))];
  const one = parsed[0]!;
  const list = sql.param(parsed);
  if (f.type === 'textArray') {
    if (op === 'eq')
      return parsed.length === 1 ? sql`${col} @> ARRAY[${one}]::text[]` : sql`${col} && ${list}::text[]`;
    if (op === 'ne') return sql`NOT (${col} && ${list}::text[])`;
  }
  switch (op) {
    case 'eq':
      // One value of a closed set is written into the text: a reused plan is then planned for that value
      // (`status=active` alone runs named, see PreparedList). The set is the code's own constants.
      if (parsed.length === 1 && f.values?.includes(String(one)) && /^\w+$/.test(String(one)))
        return sql`${col} = ${sql.raw(`'${one}'`)}`;
      return parsed.length === 1 ? sql`${col} = ${one}` : sql`${col} = ANY(${list}::${sql.raw(type)}[])`;
    case 'ne':
      // json-server semantics: `_ne` repeated means "none of"; a NULL differs from every value.
      return parsed.length === 1
        ? sql`${col} IS DISTINCT FROM ${one}`
        : sql`(${col} IS NULL OR ${col} <> ALL(${list}::${sql.raw(type)}[]))`;
    case 'gte':
      return or(parsed.map((value) => sql`${col} >= ${value}`));
    case 'lte':
      return or(parsed.map((value) => sql`${col} <= ${value}`));
  }
}

const or = (parts: SQL[]): SQL => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`);

function searchCondition(def: ResourceDef, values: string[]): SQL[] {
  const fields = Object.values(def.fields).filter((f) => f.searchable);
  return values.map((raw) => {
    if (raw.length > 200) throw bad('q must be at most 200 characters long', 'q');
    if (raw.includes('\u0000')) throw bad('q must not contain NUL characters', 'q');
    return or([...new Map(fields.map((f) => [f.column, f])).values()].map((f) => contains(f, raw)));
  });
}

function orderBy(
  def: ResourceDef,
  sortParam: string | undefined,
  orderParam: string | undefined,
): { orderBy: SQL[]; sortColumns: PgColumn[] } {
  const keys: { column: FieldDef['column']; desc: boolean }[] = [];
  if (sortParam === undefined) {
    if (orderParam !== undefined) throw bad('_order needs _sort: name the fields to sort by', '_order');
    for (const s of def.defaultSort) keys.push({ column: s.column, desc: s.desc ?? false });
  } else {
    const names = sortParam.split(',');
    const orders = orderParam === undefined ? [] : orderParam.split(',');
    if (orders.length > names.length) throw bad('_order has more entries than _sort', '_order');
    for (const [i, name] of names.entries()) {
      const f = field(def, name);
      if (!f?.sortable) throw bad(`Unknown sort field "${name}" for ${def.name}`, '_sort');
      const order = (orders[i] ?? 'asc').toLowerCase();
      if (order !== 'asc' && order !== 'desc')
        throw bad(`_order must be asc or desc, not "${orders[i]}"`, '_order');
      keys.push({ column: f.column, desc: order === 'desc' });
    }
  }
  // The id breaks ties in the direction of the last key: a descending sort is then one backward scan of
  // the column's (scope, column, id) index instead of a scan plus a sort of every tie.
  if (!keys.some((k) => k.column === def.primaryKey))
    keys.push({ column: def.primaryKey, desc: keys.at(-1)?.desc ?? false });
  // NULLS LAST only where NULLs can occur: on NOT NULL columns it would stop Postgres using an index.
  return {
    orderBy: keys.map(({ column, desc }) =>
      sql.raw(`${columnName(column)} ${desc ? 'DESC' : 'ASC'}${column.notNull ? '' : ' NULLS LAST'}`),
    ),
    sortColumns: keys.map((k) => k.column as PgColumn),
  };
}

/** Validates the query string of a list request and turns it into SQL fragments. */
export function parseListQuery(def: ResourceDef, entries: Iterable<[string, string]>): ListQuery {
  const groups = new Map<string, string[]>();
  for (const [key, value] of entries) {
    const list = groups.get(key);
    if (list) list.push(value);
    else groups.set(key, [value]);
  }
  const where: SQL[] = [];
  for (const [key, values] of groups) {
    if (key === 'q') where.push(...searchCondition(def, values));
    else if (!RESERVED.has(key)) where.push(filterCondition(def, key, values));
  }
  const startParam = groups.get('_start');
  const endParam = groups.get('_end');
  const start = startParam ? wholeNumber('_start', single('_start', startParam)) : 0;
  const ids = groups.get('id');
  let end: number;
  if (endParam) end = wholeNumber('_end', single('_end', endParam));
  // getMany: every requested id (at most MAX_VALUES of them) fits on the one page.
  else if (!startParam && ids) end = new Set(ids).size;
  else end = start + DEFAULT_PAGE_SIZE;
  if (end < start) throw bad(`_end (${end}) must not be less than _start (${start})`, '_end');
  if (end - start > MAX_PAGE_SIZE) {
    throw bad(
      `A page holds at most ${MAX_PAGE_SIZE} rows; _start=${start}&_end=${end} asks for ${end - start}`,
      '_end',
    );
  }
  const sortParam = groups.get('_sort');
  const orderParam = groups.get('_order');
  const filterKeys = [...groups.keys()].filter((key) => !RESERVED.has(key) || key === 'q');
  const groupField = def.counts?.groupField;
  const groupValues =
    groupField && filterKeys.length === 1 && filterKeys[0] === groupField
      ? [...new Set(groups.get(groupField)!)]
      : null;
  const range = filterKeys.length === 1 ? splitKey(def, filterKeys[0]!) : null;
  const rangeColumn =
    range && (range.op === 'gte' || range.op === 'lte') && groups.get(filterKeys[0]!)!.length === 1
      ? field(def, range.name)!.column
      : null;
  return {
    offset: start,
    limit: end - start,
    where,
    filterKeys,
    groupValues,
    rangeColumn,
    searches: filterKeys.some((key) => key === 'q' || splitKey(def, key).op === 'like'),
    ...orderBy(def, sortParam && single('_sort', sortParam), orderParam && single('_order', orderParam)),
  };
}

export interface ListResult {
  rows: Record<string, unknown>[];
  total: number;
}

const TOTAL = '__total';
type ScopeKey = keyof ScopeContext;
const SCOPE_KEYS: readonly ScopeKey[] = ['userId', 'organizationId', 'accountId', 'accountIds'];
/** Scope values as placeholders: a list statement is rendered once per query string, then only bound. */
const SCOPE_SLOTS = Object.fromEntries(
  SCOPE_KEYS.map((k) => [k, sql.placeholder(k)]),
) as unknown as ScopeContext;

/**
 * One statement answers page and total. The page is a deferred join: the ids of the page come from the
 * sort column's index alone (the rows an OFFSET skips are never read from the table), then only those
 * rows are fetched. The total is the count of matching rows, or a sum over the resource's counts table
 * when no filter but its group's equality is given. The page is LEFT JOINed to the total so an empty
 * page still carries it (measurements: docs/performance.md, "The campaigns list API").
 */
export function listStatement(def: ResourceDef, scope: ScopeContext, q: ListQuery): SQL {
  const table = def.table;
  const where = and(scopeCondition(def, scope), ...q.where) ?? sql`true`;
  const order = sql.join(q.orderBy, sql`, `);
  if (q.searches) return searchStatement(def, q, where, order);
  // The page size is written into the text (a whole number ≤ 100, validated): a reused plan then knows the
  // page is small and fetches its rows by primary key, where a bound LIMIT is guessed at 10 % of the table
  // and the plan reads the whole table to join the page.
  const ids = sql`SELECT ${def.primaryKey} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${sql.raw(String(q.limit))} OFFSET ${q.offset}`;
  const page = sql`SELECT ${selectList(table)} FROM ${table} WHERE ${def.primaryKey} IN (${ids}) ORDER BY ${order}`;
  const count = totalStatement(def, scope, q, where);
  return sql`SELECT p.*, t.${sql.identifier(TOTAL)} FROM (${count}) t LEFT JOIN LATERAL (${page}) p ON true`;
}

/**
 * A contains-search reads every matching row for the total (a trigram bitmap scan, or every row for a
 * fragment too short for trigrams), and the page read them again. Here they are read once: the matches'
 * ids and sort keys are materialised, counted, and the page is the top of them.
 */
function searchStatement(def: ResourceDef, q: ListQuery, where: SQL, order: SQL): SQL {
  const table = def.table;
  const name = sql.identifier(getTableName(table));
  const keys = sql.raw([...new Set(q.sortColumns)].map(columnName).join(', '));
  const matches = sql`SELECT ${keys} FROM ${table} WHERE ${where}`;
  const ids = sql`SELECT ${def.primaryKey} FROM matches ${name} ORDER BY ${order} LIMIT ${sql.raw(String(q.limit))} OFFSET ${q.offset}`;
  const page = sql`SELECT ${selectList(table)} FROM ${table} WHERE ${def.primaryKey} IN (${ids}) ORDER BY ${order}`;
  return sql`WITH matches AS MATERIALIZED (${matches}) SELECT p.*, t.${sql.identifier(TOTAL)} FROM (SELECT count(*)::int AS ${sql.identifier(TOTAL)} FROM matches) t LEFT JOIN LATERAL (${page}) p ON true`;
}

function totalStatement(def: ResourceDef, scope: ScopeContext, q: ListQuery, where: SQL): SQL {
  const counts = def.counts;
  if (counts && def.scope === 'account' && (q.filterKeys.length === 0 || q.groupValues)) {
    const countsTable = counts.table as typeof campaignCounts;
    const conditions = [
      eq(countsTable.accountId, scope.accountId!),
      eq(countsTable.organizationId, scope.organizationId!),
      ...(q.groupValues ? [inArray(counts.groupColumn, q.groupValues)] : []),
    ];
    return sql`SELECT coalesce(sum(${counts.count}), 0)::int AS ${sql.identifier(TOTAL)} FROM ${countsTable} WHERE ${and(...conditions)}`;
  }
  const column = q.rangeColumn;
  if (column && def.scope === 'account' && def.listIndexes?.includes(column)) {
    // A bound on such a column is one range of its (account, organization, column, id) index. Counted
    // in that index's order, the plan is an index-only scan, where PostgreSQL otherwise prefers a sequential
    // scan once a third of the rows match, which costs ~40 % more CPU for the same count.
    const { accountId, organizationId } = def.table;
    return sql`SELECT count(*)::int AS ${sql.identifier(TOTAL)} FROM (SELECT FROM ${def.table} WHERE ${where} ORDER BY ${accountId}, ${organizationId}, ${column}) ranged`;
  }
  return sql`SELECT count(*)::int AS ${sql.identifier(TOTAL)} FROM ${def.table} WHERE ${where}`;
}

interface PreparedList {
  text: string;
  params: unknown[];
  /** Where the scope values go in `params`. */
  slots: [number, ScopeKey][];
  /**
   * Planning is half the CPU PostgreSQL spends on a list. Without filters, the best plan depends only on the
   * sort (one index walk), so the statement is named and PostgreSQL soon reuses one plan for every page and
   * tenant. A filter's best plan mostly depends on its value (a 2-letter name fragment scans, a longer one
   * uses the trigram index): those run unnamed, planned for their values each time, as a reused generic
   * plan costs them 2–3× the CPU (docs/list-performance.md). Named too: a single status (one of a closed
   * set, written into the text: one plan per status and sort), and a single bound on a column that has
   * its own list index and is carried in the others (`listIncludes`): its total is a range of its index,
   * its page a walk of the sort's index testing the bound there, whatever the value.
   */
  reusePlan: boolean;
}

const preparedLists = new Map<string, PreparedList>();
const MAX_PREPARED_LISTS = 1000;

/**
 * Validates a list query string and renders its statement, cached by resource and query string:
 * the hot path (the same list asked again and again) skips parsing and SQL building entirely.
 */
export function prepareList(def: ResourceDef, rawQuery: string): PreparedList {
  const key = `${def.name}?${rawQuery}`;
  const hit = preparedLists.get(key);
  if (hit) return hit;
  const query = parseListQuery(def, new URLSearchParams(rawQuery));
  const { sql: text, params } = dialect.sqlToQuery(listStatement(def, SCOPE_SLOTS, query));
  const slots: [number, ScopeKey][] = [];
  params.forEach((param, index) => {
    if (is(param, Placeholder)) slots.push([index, param.name as ScopeKey]);
  });
  const prepared = {
    text,
    params,
    slots,
    reusePlan:
      query.filterKeys.length === 0 ||
      query.groupValues?.length === 1 ||
      (query.rangeColumn !== null &&
        def.listIndexes?.includes(query.rangeColumn) === true &&
        def.listIncludes?.includes(query.rangeColumn) === true),
  };
  if (preparedLists.size >= MAX_PREPARED_LISTS) preparedLists.delete(preparedLists.keys().next().value!);
  preparedLists.set(key, prepared);
  return prepared;
}

/** The page and the total number of matching rows; the scope comes first in every WHERE. */
export async function listRows(
  db: Database,
  def: ResourceDef,
  scope: ScopeContext,
  rawQuery: string,
): Promise<ListResult> {
  const { text, params, slots, reusePlan } = prepareList(def, rawQuery);
  const values = params.slice();
  for (const [index, name] of slots) values[index] = scope[name] ?? null;
  const rows = await querySharedRows<Record<string, unknown>>(db, text, values, { prepared: reusePlan });
  const total = Number(rows[0]?.[TOTAL] ?? 0);
  return { rows: rows[0]?.[primaryKeyOf(def)] == null ? [] : rows, total };
}

import { createHash } from 'node:crypto';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import type { AnyTable, ResourceDef } from './define';

const dialect = new PgDialect();

/**
 * Statement texts we run as named (server-side prepared) statements. Each pooled connection parses and
 * plans a text once and then only binds values. Texts are bounded by the resources' field whitelists, but
 * combinations of filters are many: past the cap, rarer shapes run unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `data_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Runs a parameterized drizzle `sql` query as a (named, when possible) prepared statement. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  const result = await db.$client.query({ ...(name ? { name } : {}), text, values: params as unknown[] });
  return result.rows as Row[];
}

interface Flight {
  /** Sent to Postgres, not yet answered. */
  current?: Promise<unknown>;
  /** Waiting to be sent: later identical reads join it. */
  next?: Promise<unknown>;
}
/** Per database (tests run several in one process), per statement text and values. */
const flightsByDb = new WeakMap<Database, Map<string, Flight>>();

/**
 * Runs a read with request collapsing: identical reads (same text and values, hence the same tenant) share
 * one statement. A read joins only a statement that has not been sent yet, so its answer comes from a
 * snapshot taken after it arrived and includes every write committed before: no staleness. While one
 * statement for a key is running, newcomers gather in the next one, sent when it finishes. Under load (the
 * same list asked by many tabs at once) this turns N identical queries into a few; alone, it costs nothing.
 * `prepared: false` sends the text unnamed, so PostgreSQL plans it for its very values every time.
 */
export function querySharedRows<Row>(
  db: Database,
  text: string,
  values: unknown[],
  { prepared = true }: { prepared?: boolean } = {},
): Promise<Row[]> {
  let flights = flightsByDb.get(db);
  if (!flights) {
    flights = new Map();
    flightsByDb.set(db, flights);
  }
  const key = `${text}\u0000${JSON.stringify(values)}`;
  let flight = flights.get(key);
  if (!flight) {
    flight = {};
    flights.set(key, flight);
  }
  if (flight.next) return flight.next as Promise<Row[]>;
  const slot = flight;
  const group = flights;
  const previous = slot.current;
  const name = prepared ? statementName(text) : undefined;
  let run!: Promise<Row[]>;
  run = (async () => {
    if (previous) await previous.catch(() => undefined);
    const client = await db.$client.connect().catch((error: unknown) => {
      if (slot.next === run) slot.next = undefined;
      throw error;
    });
    // Sent from here on: newcomers must not join it any more.
    if (slot.next === run) slot.next = undefined;
    slot.current = run;
    try {
      const result = await client.query({ ...(name ? { name } : {}), text, values });
      return result.rows as Row[];
    } finally {
      client.release();
    }
  })();
  slot.next = run;
  const settle = () => {
    if (slot.current === run) slot.current = undefined;
    if (!slot.current && !slot.next && group.get(key) === slot) group.delete(key);
  };
  run.then(settle, settle);
  return run;
}

const selectLists = new WeakMap<AnyTable, SQL>();

/** `"col" AS "key", ...` for every column: rows come back keyed like the table's `$inferSelect`. */
export function selectList(table: AnyTable): SQL {
  let list = selectLists.get(table);
  if (!list) {
    const columns = sql.join(
      Object.entries(getTableColumns(table)).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
      sql`, `,
    );
    // Rendered once: it has no values, and drizzle renders a list of 20 columns in ~0.1 ms every time.
    list = sql.raw(dialect.sqlToQuery(columns).sql);
    selectLists.set(table, list);
  }
  return list;
}

const primaryKeys = new WeakMap<ResourceDef, string>();

/** The row key (the table's camelCase key) of a resource's primary key: 'id', or 'key' for platforms. */
export function primaryKeyOf(def: ResourceDef): string {
  let key = primaryKeys.get(def);
  if (key === undefined) {
    key =
      Object.entries(getTableColumns(def.table)).find(([, column]) => column === def.primaryKey)?.[0] ?? 'id';
    primaryKeys.set(def, key);
  }
  return key;
}

import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { currentActor, WRITES } from './actor';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// Dates and bigints come back as the app expects them: `date` as 'YYYY-MM-DD' strings, int8 as numbers
// (amounts in minor units stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connect(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('postgres pool error:', error.message));
  pool.on('connect', tellActor);
  return drizzle(pool, { schema }) as Database;
}

/**
 * Before every statement that writes, the client first tells PostgreSQL who the change is for (the change
 * log's triggers read `app.actor_id`, migration 0026_change_log): the signed-in user of the request
 * (server/db/actor.ts), or '' (Flightplan itself). pg runs a client's queries in order, so nothing is
 * awaited; the setting's own failure (an aborted transaction) is the write's to report. Cursors and streams
 * (configs with `submit`) are left alone.
 */
function tellActor(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded signature.
  (client as any).query = (config: unknown, ...rest: unknown[]) => {
    const text =
      typeof config === 'string'
        ? config
        : config &&
            typeof config === 'object' &&
            typeof (config as { submit?: unknown }).submit !== 'function'
          ? (config as { text?: unknown }).text
          : undefined;
    if (typeof text === 'string' && WRITES.test(text)) {
      (
        query({
          name: 'set-actor',
          text: "SELECT set_config('app.actor_id', $1, false)",
          values: [currentActor() ?? ''],
        }) as Promise<unknown>
      ).catch(() => {});
    }
    return query(config, ...rest);
  };
}

/** Creates `database` on the cluster behind `adminUrl` if it is missing. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './connect';
import * as schema from './schema';

/** Drizzle over one connection inside a transaction. */
export type TxDatabase = NodePgDatabase<typeof schema>;

/** pg-boss's way to run its SQL on a connection of ours (`send(..., { db })`): inside our transaction. */
export interface SqlExecutor {
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's own signature.
  executeSql(text: string, values?: any[]): Promise<{ rows: any[] }>;
}

export const executorOf = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
  executeSql: (text, values) => client.query(text, values),
});

/**
 * Runs `work` in one transaction on one pooled connection, handing it both drizzle and a pg-boss
 * executor, so a status change and the job that acts on it commit together or not at all.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: TxDatabase, jobs: SqlExecutor) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(drizzle(client, { schema }), executorOf(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError; // a connection that cannot roll back is not given back to the pool
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

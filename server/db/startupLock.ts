import type { Database } from './connect';

/** Any fixed number, the same in every process: "the database is being prepared". */
const STARTUP_LOCK = 7_301_204_611;

/**
 * Runs `prepare` while holding a PostgreSQL advisory lock, so that processes starting at the same time
 * (WEB_CONCURRENCY, several machines, a rolling deploy) migrate, seed and install the job queues one
 * after the other: done at once, their upserts of the same rows deadlock. The lock is the session's,
 * so a process that dies while holding it releases it with its connection.
 */
export async function withStartupLock<T>(db: Database, prepare: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await prepare();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Direct access to the database of the server Playwright started (embedded PostgreSQL under data/e2e), for
 * arranging what the UI cannot, such as an organization created 6 days ago. The port is the 4th line of the
 * cluster's postmaster.pid.
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const port = readFileSync('data/e2e/postgres/postmaster.pid', 'utf8').split('\n')[3]?.trim();
  const client = new pg.Client({
    connectionString: `postgres://flightplan:flightplan@127.0.0.1:${port}/flightplan`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Removes a spec's own campaigns by name, their bookings first (they outlive a campaign otherwise). */
export async function removeCampaignsNamed(...names: string[]): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(
      'DELETE FROM bookings WHERE campaign_id IN (SELECT id FROM campaigns WHERE name = ANY($1))',
      [names],
    );
    await db.query('DELETE FROM campaigns WHERE name = ANY($1)', [names]);
  });
}

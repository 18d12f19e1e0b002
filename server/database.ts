import path from 'node:path';
import { connect, type Database, ensureDatabase } from './db/connect';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './db/migrate';

export interface OpenedDatabase {
  db: Database;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** DATABASE_URL when given; otherwise an embedded PostgreSQL under `dataDir/postgres`. Migrated either way. */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string },
  { migrate = true }: { migrate?: boolean } = {},
): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const db = connect(options.databaseUrl);
    if (migrate) await migrateDatabase(db);
    return { db, url: options.databaseUrl, embedded: false, close: () => db.$client.end() };
  }
  const cluster = await startEmbeddedPostgres(path.join(options.dataDir, 'postgres'));
  await ensureDatabase(cluster.adminUrl, 'flightplan');
  const url = cluster.urlFor('flightplan');
  const db = connect(url);
  await migrateDatabase(db);
  return {
    db,
    url,
    embedded: true,
    close: async () => {
      await db.$client.end();
      await cluster.stop();
    },
  };
}

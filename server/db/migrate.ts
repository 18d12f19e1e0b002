import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './connect';
import { withStartupLock } from './startupLock';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed drizzle-kit migrations; safe to run on every start, and from several processes at once. */
export async function migrateDatabase(db: Database): Promise<void> {
  await withStartupLock(db, () => migrate(db, { migrationsFolder }));
}

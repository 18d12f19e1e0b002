import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, ensureDatabase } from '@server/db/connect';
import { startEmbeddedPostgres } from '@server/db/embedded';
import { migrateDatabase } from '@server/db/migrate';
import { seedDemoData } from '@server/seed/seed';
import type { TestProject } from 'vitest/node';
import { TEST_SECRET_BOX } from './connections';

export const TEMPLATE_DATABASE = 'flightplan_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run, holding a migrated, seeded template database;
 * each test file clones it (`CREATE DATABASE … TEMPLATE`) in a few milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'flightplan-test-'));
  // The postgres user that owns the cluster must be able to reach the directory.
  const { chmodSync } = await import('node:fs');
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  await ensureDatabase(cluster.adminUrl, TEMPLATE_DATABASE);
  const db = connect(cluster.urlFor(TEMPLATE_DATABASE), { max: 2 });
  await migrateDatabase(db);
  await seedDemoData(db, TEST_SECRET_BOX);
  await db.$client.end();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

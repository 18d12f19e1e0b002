import { randomBytes } from 'node:crypto';
import { connect, type Database } from '@server/db/connect';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

const TEMPLATE = 'flightplan_template';

export interface TestDatabase {
  db: Database;
  url: string;
  name: string;
}

/** A private copy of the migrated, seeded template database for one test file, dropped after it. */
export async function freshDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = connect(url, { max: 5 });
  afterAll(async () => {
    await db.$client.end();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return { db, url, name };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@server/db/embedded';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';

/**
 * The server started as a user would (`tsx server/main.ts`) with DATABASE_URL pointing at a PostgreSQL it did not
 * start: it must migrate and seed that database and start no embedded cluster of its own.
 */
const adminUrl = inject('postgresAdminUrl');
const database = `dburl_${Date.now()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'flightplan-dburl-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server ? server.once('exit', resolve) : resolve(null)));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs on the PostgreSQL named by DATABASE_URL', async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${database}`);
  const port = await freePort();

  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  // The start-up lines are written one by one; the sign-in line comes last.
  while (!output.includes('Sign in as ')) {
    if (Date.now() - started > 45_000 || server.exitCode !== null)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output).toContain('Database: DATABASE_URL (demo data seeded)');
  expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);

  const login = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@flightplan.test', password: 'flightplan-demo' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const user = await (await fetch(`http://localhost:${port}/api/auth/user`, { headers: { cookie } })).json();
  expect(user).toMatchObject({ isAuthenticated: true, currentOrganization: { name: 'Demo Agency' } });

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query(`SELECT count(*)::int AS n FROM users`);
  await check.end();
  expect(rows[0].n).toBe(2);
}, 60_000);

/**
 * npm run bench:api — the campaigns list under load, Flightplan vs json-server 0.17 on the same 10 000 rows.
 * Both servers run as their own processes; autocannon drives them from this one, 50 connections for 10 s each.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { desc, eq } from 'drizzle-orm';
import { secretBox } from '../../server/connections/secretBox';
import { connect, ensureDatabase } from '../../server/db/connect';
import { freePort, startEmbeddedPostgres } from '../../server/db/embedded';
import { migrateDatabase } from '../../server/db/migrate';
import * as t from '../../server/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD, seedBulkCampaigns, seedDemoData } from '../../server/db/seed';

const ROWS = 10_000;
const CONNECTIONS = 50;
const DURATION_S = 10;
const QUERY = '_start=0&_end=10&_sort=createdAt&_order=desc';

const work = mkdtempSync(path.join(tmpdir(), 'flightplan-bench-'));
const children: ChildProcess[] = [];
const { chmodSync } = await import('node:fs');
chmodSync(work, 0o755);

function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(ready)) resolve(child);
    };
    if (!ready) resolve(child);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total: result.requests.total,
  };
}

try {
  console.log(`Preparing: embedded PostgreSQL, demo data and ${ROWS} campaigns in one account…`);
  const cluster = await startEmbeddedPostgres(path.join(work, 'postgres'));
  await ensureDatabase(cluster.adminUrl, 'bench');
  const url = cluster.urlFor('bench');
  const db = connect(url);
  await migrateDatabase(db);
  // A throwaway database: a throwaway key seals its connections.
  await seedDemoData(db, secretBox(randomBytes(32)));
  const [demo] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
  await seedBulkCampaigns(db, demo!.lastAccountId!, ROWS);
  const rows = await db
    .select()
    .from(t.campaigns)
    .where(eq(t.campaigns.accountId, demo!.lastAccountId!))
    .orderBy(desc(t.campaigns.createdAt));
  await db.$client.end();

  const appPort = await freePort();
  await start(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts'],
    { PORT: String(appPort), DATABASE_URL: url, NODE_ENV: 'production', DATA_DIR: work },
    'Flightplan is running',
  );
  const login = await fetch(`http://localhost:${appPort}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const probe = await fetch(`http://localhost:${appPort}/api/campaigns?${QUERY}`, { headers: { cookie } });
  console.log(`Flightplan answers ${probe.status}, x-total-count ${probe.headers.get('x-total-count')}`);

  const jsonFile = path.join(work, 'db.json');
  writeFileSync(jsonFile, JSON.stringify({ campaigns: rows }));
  const jsonPort = await freePort();
  await start(
    process.execPath,
    ['node_modules/json-server/lib/cli/bin.js', '--port', String(jsonPort), '--quiet', jsonFile],
    {},
    '',
  );
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://localhost:${jsonPort}/campaigns?${QUERY}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  console.log(`Load: ${CONNECTIONS} connections, ${DURATION_S} s each, GET /api/campaigns?${QUERY}`);
  await load(`http://localhost:${appPort}/api/campaigns?${QUERY}`, { cookie }); // warm-up
  const ours = await load(`http://localhost:${appPort}/api/campaigns?${QUERY}`, { cookie });
  const theirs = await load(`http://localhost:${jsonPort}/campaigns?${QUERY}`);

  const table = [
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests'],
    [
      'Flightplan (PostgreSQL, signed in)',
      ours.rps.toFixed(0),
      String(ours.p50),
      String(ours.p99),
      String(ours.total),
    ],
    [
      'json-server 0.17 (same rows)',
      theirs.rps.toFixed(0),
      String(theirs.p50),
      String(theirs.p99),
      String(theirs.total),
    ],
  ];
  console.log(
    table
      .map(
        (r) =>
          `${r[0]!.padEnd(36)}${r
            .slice(1)
            .map((c) => c.padStart(10))
            .join('')}`,
      )
      .join('\n'),
  );
  const ratio = ours.rps / theirs.rps;
  console.log(
    `Throughput ratio: ${ratio.toFixed(1)}× json-server (target ≥ 5×); p99 ${ours.p99} ms (target ≤ 50 ms)`,
  );
  await cluster.stop();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(work, { recursive: true, force: true });
}

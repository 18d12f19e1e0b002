/**
 * npm run bench:reports — the reports under load on the seeded delivery account (npm run seed -- --delivery;
 * seeded here when missing). 10 concurrent users, each a loop of signed-in fetches, mix 90-day reports by
 * campaign (different sorts and pages) and by day (different ranges); then budget pacing (budgetDailySpend,
 * the function the pacing route calls) from 10 concurrent callers. Prints p50/p95/p99 per shape and req/s.
 *   --account <id>   the account to read (default: the largest seeded delivery account)
 *   --seconds N      per phase (default 20)
 *   --smoke          a tiny seed in a temporary data directory, 1 s per phase (CI: it runs and prints)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '@server/config';
import { openDatabase } from '@server/database';
import { freePort } from '@server/db/embedded';
import { loadSecretsKey, secretBox } from '@server/db/secretBox';
import { budgetDailySpend } from '@server/reports/pacing';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '@server/seed/seed';
import { seedBulkDelivery } from '@server/seed/seedBulkDelivery';

const { values: args } = parseArgs({
  options: { account: { type: 'string' }, seconds: { type: 'string' }, smoke: { type: 'boolean' } },
});
const USERS = 10;
const SECONDS = args.smoke ? 1 : Number(args.seconds ?? 20);
const smokeDir = args.smoke ? mkdtempSync(path.join(tmpdir(), 'flightplan-bench-reports-')) : null;
// The embedded PostgreSQL runs as its own user when we are root: it must be able to enter the directory.
if (smokeDir) chmodSync(smokeDir, 0o755);
const config = readConfig(smokeDir ? { ...process.env, DATA_DIR: smokeDir, DATABASE_URL: '' } : process.env);
const database = await openDatabase(config);
const db = database.db;
let server: ChildProcess | undefined;

const q = async <T>(text: string, values: unknown[] = []) =>
  (await db.$client.query(text, values)).rows as T[];
const day = (iso: string, shift: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);

function percentile(sorted: number[], p: number) {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
    : Number.NaN;
}

/** `users` loops for `seconds`, each call timed under the shape it names. */
async function load(users: number, seconds: number, call: (i: number) => Promise<string>) {
  const timings = new Map<string, number[]>();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const shape = await call(n++);
        const list = timings.get(shape) ?? [];
        list.push(performance.now() - started);
        timings.set(shape, list);
      }
    }),
  );
  for (const [shape, list] of timings) {
    list.sort((a, b) => a - b);
    console.log(
      `${shape.padEnd(34)} n=${String(list.length).padStart(5)}  p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(list, 95).toFixed(1).padStart(7)} ms  p99 ${percentile(list, 99).toFixed(1).padStart(7)} ms  ${(list.length / seconds).toFixed(1)} req/s`,
    );
  }
}

try {
  await seedDemoData(db, secretBox(await loadSecretsKey(config.secretsKey, config.dataDir)));
  let accountId = args.account;
  if (!accountId) {
    const [found] = await q<{ id: string }>(
      `SELECT a.id FROM accounts a JOIN delivery_campaign_spans s ON s.account_id = a.id
       WHERE a.name LIKE 'Delivery benchmark%' GROUP BY a.id ORDER BY count(*) DESC LIMIT 1`,
    );
    accountId =
      found?.id ??
      (
        await seedBulkDelivery(db, {
          campaigns: args.smoke ? 60 : 10_000,
          days: args.smoke ? 60 : 365,
          log: (line) => console.log(line),
        })
      ).accountId;
  }
  const [stats] = await q<{ organization_id: string; campaigns: number; rows: string; last: string }>(
    `SELECT a.organization_id, (SELECT count(*) FROM delivery_campaign_spans WHERE account_id = a.id)::int AS campaigns,
       (SELECT reltuples::bigint FROM pg_class WHERE relname = 'delivery_daily')::text AS rows,
       (SELECT max(date)::text FROM delivery_daily WHERE account_id = a.id) AS last
     FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  if (!stats?.last)
    throw new Error(`Account ${accountId} has no delivery: seed it (npm run seed -- --delivery).`);
  console.log(
    `Account ${accountId}: ${stats.campaigns} delivering campaigns, ~${stats.rows} delivery_daily rows, data through ${stats.last}`,
  );
  // The bench user works in that account.
  await q('UPDATE users SET last_organization_id = $1, last_account_id = $2 WHERE email = $3', [
    stats.organization_id,
    accountId,
    DEMO_EMAIL,
  ]);

  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      DATA_DIR: smokeDir ?? config.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Flightplan is running')) resolve();
    };
    server!.stdout?.on('data', onData);
    server!.stderr?.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const base = `http://localhost:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';

  const to = stats.last;
  const from90 = day(to, -89);
  const sorts = ['spend', 'impressions', 'ctr', 'cpc', 'campaign', 'conversions'];
  const ranges = [7, 30, 90, 180, 365];
  const shapes: [string, (i: number) => string][] = [
    [
      'campaign, 90 days (sorts, pages)',
      (i) =>
        `groupBy=campaign&from=${from90}&to=${to}&sort=${sorts[i % sorts.length]}&order=${i % 2 ? 'asc' : 'desc'}&limit=50&offset=${(i % 5) * 50}`,
    ],
    [
      'day, 7–365 days',
      (i) =>
        `groupBy=day&from=${day(to, -(ranges[i % ranges.length]! - 1) - (i % 11))}&to=${day(to, -(i % 11))}&sort=day&order=asc&limit=250`,
    ],
    [
      'campaign, 90 days, compare',
      () => `groupBy=campaign&from=${from90}&to=${to}&compare=previous&limit=50`,
    ],
    ['week × platform, 90 days', () => `groupBy=week,platform&from=${from90}&to=${to}&limit=250`],
  ];
  const fetchShape = async (i: number) => {
    // Mostly the two target shapes; the others now and then.
    const pick = i % 10 < 4 ? 0 : i % 10 < 8 ? 1 : i % 10 === 8 ? 2 : 3;
    const [name, params] = shapes[pick]!;
    const res = await fetch(`${base}/api/reports?${params(i)}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return name;
  };
  console.log(`Warm-up, then ${USERS} users for ${SECONDS} s on GET /api/reports:`);
  await load(USERS, Math.min(2, SECONDS), fetchShape);
  console.log('--');
  await load(USERS, SECONDS, fetchShape);

  const budgets = await q<{ id: string; period_start: string; period_end: string }>(
    `SELECT id, period_start::text, period_end::text FROM budgets b WHERE account_id = $1
       AND EXISTS (SELECT 1 FROM campaigns c WHERE c.budget_id = b.id)`,
    [accountId],
  );
  if (budgets.length) {
    console.log(
      `Budget pacing (budgetDailySpend over the budget's period, in-process), ${USERS} concurrent callers:`,
    );
    await load(USERS, SECONDS, async (i) => {
      const budget = budgets[i % budgets.length]!;
      const days = await budgetDailySpend(db, accountId!, budget.id, budget.period_start, budget.period_end);
      if (!days) throw new Error('budget not found');
      return `pacing, ${days.length} days`;
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  // The server lets go of its connections before the database stops (or its pool logs the shutdown).
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database.close();
  if (smokeDir) rmSync(smokeDir, { recursive: true, force: true });
}

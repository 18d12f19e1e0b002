/**
 * npm run bench:sync — a full delivery sync of 10 000 active campaigns, each live on all 7 sandbox platforms
 * (70 000 placements), through the real pg-boss jobs: one sync per connection, the 7 running side by side.
 * Two runs: the first sync of the connections (their whole history, since the campaigns started 1–28 days
 * ago), then the steady state a day later (the new day plus the restated ones). Prints, per run, wall time
 * and rows/s, the CPU seconds of this process and of PostgreSQL, what the busy backends were doing, and each
 * sync's fetch and write times; the target is ≤ 60 s for the full sync (docs/delivery.md, Scale).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OBJECTIVES, PLATFORMS } from '@contract/reference';
import { saveConnection } from '@server/connections/store';
import { connect, ensureDatabase } from '@server/db/connect';
import { startEmbeddedPostgres } from '@server/db/embedded';
import { migrateDatabase } from '@server/db/migrate';
import * as t from '@server/db/schema';
import { secretBox } from '@server/db/secretBox';
import { DeliverySync } from '@server/delivery/syncJobs';
import { CampaignJobs } from '@server/jobs';
import { createConnectors, SandboxControl } from '@server/platforms';
import { addDays } from '@server/platforms/sandbox/clock';
import { issueSandboxTokens } from '@server/platforms/sandbox/oauthTokens';
import { random, seedReferenceData } from '@server/seed/seed';
import { sql } from 'drizzle-orm';

// `--smoke` (CI): 50 campaigns and a fast sandbox, so it runs in seconds and prints its figures.
const SMOKE = process.argv.includes('--smoke');
const CAMPAIGNS = SMOKE ? 50 : 10_000;
const CHUNK = 1000;
const SANDBOX_DELAY_MS = SMOKE ? 5 : 400;

/**
 * CPU seconds so far of this process (the workers, the sandbox's generator) and of the cluster's PostgreSQL
 * processes (live ones plus the exited children the postmaster reaped): on a shared machine, CPU per unit of
 * work is the figure load barely changes.
 */
function cpuSeconds(postmasterPid: number): { node: number; postgres: number } {
  const ticks = (fields: string[], from: number, count: number) =>
    fields.slice(from, from + count).reduce((sum, value) => sum + Number(value), 0);
  // /proc/<pid>/stat after the command's closing parenthesis: state is field 3, utime 14 … cstime 17.
  const stat = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    } catch {
      return null; // exited meanwhile
    }
  };
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fields = stat(pid);
    if (!fields) continue;
    if (pid === String(postmasterPid)) postgres += ticks(fields, 11, 4);
    else if (fields[1] === String(postmasterPid)) postgres += ticks(fields, 11, 2);
  }
  const { user, system } = process.cpuUsage();
  return { node: (user + system) / 1e6, postgres: postgres / 100 };
}

const work = mkdtempSync(path.join(tmpdir(), 'flightplan-bench-sync-'));
// Run as root, embedded PostgreSQL initialises as `postgres`, which must reach the directory.
chmodSync(work, 0o755);
const cluster = await startEmbeddedPostgres(path.join(work, 'postgres'));
try {
  await ensureDatabase(cluster.adminUrl, 'bench');
  const db = connect(cluster.urlFor('bench'), { max: 20 });
  await migrateDatabase(db);
  await seedReferenceData(db);

  console.log(`Preparing: ${CAMPAIGNS} active campaigns × ${PLATFORMS.length} platforms…`);
  const [org] = await db.insert(t.organizations).values({ name: 'Bench Agency' }).returning();
  const [account] = await db
    .insert(t.accounts)
    .values({ organizationId: org!.id, name: 'Bench' })
    .returning();
  const accountId = account!.id;
  const today = new Date().toISOString().slice(0, 10);
  const rnd = random(14);
  const platformKeys = PLATFORMS.map((p) => p.key as string);
  for (let offset = 0; offset < CAMPAIGNS; offset += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, CAMPAIGNS - offset) }, (_, i) => {
      const startDate = addDays(today, -rnd.int(1, 28));
      return {
        organizationId: org!.id,
        accountId,
        objectiveId: rnd.pick(OBJECTIVES).id,
        name: `Bench campaign #${offset + i + 1}`,
        status: 'active',
        startDate,
        endDate: addDays(today, rnd.int(10, 60)),
        budgetMinor: rnd.int(70, 700) * 10_000,
        currency: 'EUR',
        platforms: platformKeys,
      };
    });
    const campaigns = await db.insert(t.campaigns).values(rows).returning();
    const placements = [];
    const records = [];
    for (const c of campaigns) {
      for (const platformKey of platformKeys) {
        const externalId = `${platformKey}_${randomBytes(8).toString('hex')}`;
        const reference = randomUUID();
        const amountMinor = Math.floor(c.budgetMinor / platformKeys.length);
        placements.push({
          campaignId: c.id,
          platformKey,
          externalId,
          status: 'active',
          launchKey: reference,
        });
        records.push({
          platformKey,
          externalId,
          reference,
          status: 'active',
          payload: {
            reference,
            campaignId: c.id,
            name: c.name,
            objectiveId: c.objectiveId,
            startDate: c.startDate,
            endDate: c.endDate,
            budgetMinor: amountMinor,
            currency: c.currency,
            adSet: null,
            ads: [],
          },
        });
      }
    }
    await db.insert(t.campaignPlatforms).values(placements);
    await db.insert(t.sandboxPlatformCampaigns).values(records);
  }
  const box = secretBox(randomBytes(32));
  for (const platformKey of platformKeys) {
    const tokens = await issueSandboxTokens(db, {
      platformKey,
      clientId: 'flightplan',
      externalAccountId: `${platformKey}-bench`,
      scope: 'ads_management',
    });
    await saveConnection(db, box, {
      accountId,
      platformKey,
      adAccount: { id: `${platformKey}-bench`, name: 'Bench', managerId: null, managerName: null },
      connectedBy: null,
      tokens,
    });
  }
  await db.execute(sql`ANALYZE`);

  const connectors = createConnectors(db, {
    connectors: {},
    sandbox: { delayMs: SANDBOX_DELAY_MS, reviewMs: 0 },
  });
  const jobs = new CampaignJobs(db, { supervise: false, concurrency: 0 });
  await jobs.ready();
  const sync = await new DeliverySync(db, jobs.boss, {
    cron: null,
    concurrency: platformKeys.length,
    pollingIntervalSeconds: 0.5,
  }).start({ connectors, box });

  const postmasterPid = Number(
    readFileSync(path.join(work, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const run = async (label: string) => {
    const started = Date.now();
    const cpuBefore = cpuSeconds(postmasterPid);
    const before = await db.$count(t.deliverySyncs);
    const busy = new Map<string, number>();
    let samples = 0;
    await sync.enqueueAll();
    for (;;) {
      // What the database's busy backends are doing, sampled: on CPU, or waiting (for a campaign's turn: Lock:advisory).
      const { rows: doing } = await db.execute<{ what: string; n: number }>(sql`
        SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS what, count(*)::int AS n
        FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
        GROUP BY 1`);
      samples += 1;
      for (const { what, n } of doing) busy.set(what, (busy.get(what) ?? 0) + n);
      const { rows } = await db.execute<{ done: number; failed: number; rows: number }>(sql`
        SELECT count(*) FILTER (WHERE outcome = 'succeeded')::int AS done,
               count(*) FILTER (WHERE outcome IN ('failed', 'rate_limited'))::int AS failed,
               coalesce(sum(rows_upserted), 0)::int AS rows
        FROM (SELECT * FROM delivery_syncs ORDER BY started_at OFFSET ${before}) s`);
      const { done, failed, rows: written } = rows[0]!;
      if (failed > 0) {
        const { rows: why } = await db.execute<{ platform_key: string; message: string | null }>(
          sql`SELECT platform_key, message FROM delivery_syncs WHERE outcome IN ('failed', 'rate_limited')`,
        );
        throw new Error(
          `${failed} syncs did not succeed: ${why.map((w) => `${w.platform_key}: ${w.message}`).join('; ')}`,
        );
      }
      if (done === platformKeys.length) {
        const seconds = (Date.now() - started) / 1000;
        console.log(
          `${label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s  ${String(written).padStart(9)} rows  ${Math.round(
            written / seconds,
          )
            .toString()
            .padStart(8)} rows/s`,
        );
        const cpu = cpuSeconds(postmasterPid);
        console.log(
          `  CPU: node ${(cpu.node - cpuBefore.node).toFixed(1)} s, PostgreSQL ${(cpu.postgres - cpuBefore.postgres).toFixed(1)} s`,
        );
        const average = [...busy]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([what, n]) => `${what} ${(n / samples).toFixed(2)}`)
          .join(', ');
        console.log(`  Busy backends on average: ${average}`);
        await printTimings(new Date(started));
        return seconds;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  // Each sync's result (the job's output) says where its time went.
  const printTimings = async (since: Date) => {
    const { rows } = await db.execute<{ output: { timings?: Record<string, number> }; key: string }>(sql`
      SELECT output, data->>'platformKey' AS key FROM pgboss.job
      WHERE name = 'delivery-sync' AND state = 'completed' AND created_on >= ${since.toISOString()}::timestamptz
      ORDER BY data->>'platformKey'`);
    for (const { output, key } of rows) {
      const t = output.timings ?? {};
      const figures = Object.entries(t)
        .map(([name, ms]) => `${name.replace(/Ms$/, '')} ${(ms / 1000).toFixed(1)} s`)
        .join(', ');
      console.log(`  ${key.padEnd(10)} ${figures}`);
    }
  };

  console.log(
    `Sandbox latency ${SANDBOX_DELAY_MS} ms per call, 500 campaigns per call, 5 000 rows per upsert.`,
  );
  const full = await run('Full sync (first: whole history)');
  await new SandboxControl(db).advanceClock(1);
  await run('Next day (new day + restated days)');
  console.log(`Full sync of ${CAMPAIGNS} active campaigns: ${full.toFixed(1)} s (target ≤ 60 s)`);
  await sync.stop();
  await jobs.stop();
  await db.$client.end();
} catch (error) {
  // Said before the database stops: its connections' errors would bury it.
  console.error(error);
  process.exitCode = 1;
} finally {
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, ensureDatabase } from '@server/db/connect';
import { freePort, startEmbeddedPostgres } from '@server/db/embedded';
import { migrateDatabase } from '@server/db/migrate';
import * as t from '@server/db/schema';
import { secretBox } from '@server/db/secretBox';
import { DEMO_EMAIL, DEMO_PASSWORD, seedBulkCampaigns, seedDemoData } from '@server/seed/seed';
import { desc, eq, sql } from 'drizzle-orm';
import { treeCpuSeconds } from './cpuTime';

export interface BenchServers {
  /** `http://localhost:<port>/api/campaigns` */
  flightplanUrl: string;
  /** `http://localhost:<port>/campaigns`, json-server over the very same rows */
  jsonServerUrl: string;
  /** The demo user's session cookie. */
  cookie: string;
  /** CPU seconds used so far by Flightplan's API processes and by its PostgreSQL (every backend). */
  cpu(): { server: number; postgres: number };
  stop(): Promise<void>;
}

function start(command: string, args: string[], env: Record<string, string>, ready: string) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready && output.includes(ready)) resolve(child);
    };
    if (!ready) resolve(child);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

/**
 * An embedded PostgreSQL with the demo data and `rows` campaigns in the demo account; Flightplan (built,
 * production mode, `processes` API processes) and json-server 0.17 over a JSON file of the same rows.
 */
export async function startBenchServers(options: { rows: number; processes: number }): Promise<BenchServers> {
  const work = mkdtempSync(path.join(tmpdir(), 'flightplan-bench-'));
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  const cluster = await startEmbeddedPostgres(path.join(work, 'postgres'));
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 800));
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await ensureDatabase(cluster.adminUrl, 'bench');
    const url = cluster.urlFor('bench');
    const db = connect(url);
    await migrateDatabase(db);
    // The benchmark's throwaway database gets a throwaway key: nothing sealed here outlives the run.
    await seedDemoData(db, secretBox(randomBytes(32)));
    const [demo] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
    await seedBulkCampaigns(db, demo!.lastAccountId!, options.rows);
    const rows = await db
      .select()
      .from(t.campaigns)
      .where(eq(t.campaigns.accountId, demo!.lastAccountId!))
      .orderBy(desc(t.campaigns.createdAt));
    // What autovacuum does to a table within its first minutes (its visibility map lets index-only scans skip
    // the heap, its statistics steer the plans), done now: the runs measure that steady state, not the race.
    await db.execute(sql`VACUUM (ANALYZE) campaigns, campaign_counts`);
    await db.$client.end();

    const appPort = await freePort();
    // BENCH_NODE_ARGS: extra node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    children.push(
      await start(
        process.execPath,
        [...nodeArgs, '--import', 'tsx', 'server/main.ts'],
        {
          PORT: String(appPort),
          DATABASE_URL: url,
          NODE_ENV: 'production',
          DATA_DIR: work,
          WEB_CONCURRENCY: String(options.processes),
        },
        'Flightplan is running',
      ),
    );
    const login = await fetch(`http://localhost:${appPort}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${appPort}` },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const flightplanUrl = `http://localhost:${appPort}/api/campaigns`;
    const probe = await fetch(`${flightplanUrl}?_start=0&_end=10`, { headers: { cookie } });
    if (!probe.ok) throw new Error(`Flightplan answers ${probe.status} to the signed-in list`);

    const jsonFile = path.join(work, 'db.json');
    writeFileSync(jsonFile, JSON.stringify({ campaigns: rows }));
    const jsonPort = await freePort();
    children.push(
      await start(
        process.execPath,
        ['node_modules/json-server/lib/cli/bin.js', '--port', String(jsonPort), '--quiet', jsonFile],
        {},
        '',
      ),
    );
    const jsonServerUrl = `http://localhost:${jsonPort}/campaigns`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${jsonServerUrl}?_start=0&_end=10`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const appPid = children[0]!.pid!;
    const postmasterPid = Number(
      readFileSync(path.join(work, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const cpu = () => ({ server: treeCpuSeconds(appPid), postgres: treeCpuSeconds(postmasterPid) });
    return { flightplanUrl, jsonServerUrl, cookie, cpu, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

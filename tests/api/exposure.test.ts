import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '@server/app';
import { readConfig, type ServerConfig } from '@server/config';
import * as t from '@server/db/schema';
import { clientAddress, TrustedProxies } from '@server/http/clientAddress';
import { createHttpServer } from '@server/http/server';
import { builtInStepUpProvider, createStepUp, readProviderConfig } from '@server/provider';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@server/seed/seed';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, socketEnv, TestClient, testDeps } from '../support/http';

/** Issue 11: what the server exposed to callers it should not have trusted. */
const { db } = await freshDatabase();
const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
afterAll(() => quiet.mockRestore());

const appWith = (env: NodeJS.ProcessEnv) => createApp(testDeps(db, readConfig(env)));

await db.insert(t.providerOutbox).values({
  channel: 'email',
  recipient: 'victim@example.test',
  subject: 'Your code',
  text: 'Your verification code is 123456',
  code: '123456',
});

describe('the development outbox (finding 3)', () => {
  const outbox = (client: TestClient, path = '/dev/outbox.json?to=victim@example.test', headers = {}) =>
    client.get(path, headers);

  it('answers a client on this machine (loopback), as the demo and e2e need', async () => {
    const res = await outbox(new TestClient(appWith({})));
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({ to: 'victim@example.test', code: '123456' });
    const ipv6 = await outbox(new TestClient(appWith({}), '::1'), '/dev/outbox');
    expect(ipv6.status).toBe(200);
  });

  it('is a 404 for any caller not on this machine, whatever headers it sends', async () => {
    const app = appWith({});
    for (const address of ['203.0.113.9', '10.0.0.5', '::ffff:192.168.1.20']) {
      const remote = new TestClient(app, address);
      for (const path of ['/dev/outbox.json?to=victim@example.test', '/dev/outbox.json', '/dev/outbox']) {
        const res = await remote.get(path, { 'x-forwarded-for': '127.0.0.1', host: 'localhost' });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('123456');
      }
    }
  });

  it('is a 404 when a proxy on this machine relays the request, unless TRUST_PROXY vouches a local client', async () => {
    const relayed = await outbox(new TestClient(appWith({})), undefined, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(relayed.status).toBe(404);
    const trusting = appWith({ TRUST_PROXY: 'loopback' });
    const remoteViaProxy = await outbox(new TestClient(trusting), undefined, {
      'x-forwarded-for': '127.0.0.1, 198.51.100.7',
    });
    expect(remoteViaProxy.status).toBe(404);
    const localViaProxy = await outbox(new TestClient(trusting), undefined, {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(localViaProxy.status).toBe(200);
  });

  it('is off in production and beside real delivery (SMTP_URL or an SMS gateway), even for loopback', async () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { SMTP_URL: 'smtp://mail.example.test:2525' },
      { DEV_OUTBOX: 'off' },
    ]) {
      expect(readConfig(env).provider.outboxPage).toBe(false);
      expect((await outbox(new TestClient(appWith(env)))).status).toBe(404);
    }
    const sms = { name: 'vendor', send: async () => {} };
    const withGateway = createStepUp(db, readProviderConfig({}), { factory: builtInStepUpProvider, sms });
    expect(withGateway.outboxApp).toBeUndefined();
  });

  it('DEV_OUTBOX is auto|on|off; "on" where real users get messages is refused at start', () => {
    expect(readConfig({}).provider.outboxPage).toBe(true);
    expect(readConfig({ DEV_OUTBOX: 'on' }).provider.outboxPage).toBe(true);
    expect(() => readConfig({ DEV_OUTBOX: 'on', NODE_ENV: 'production' })).toThrow(
      /DEV_OUTBOX=on is refused/,
    );
    expect(() => readConfig({ DEV_OUTBOX: 'on', SMTP_URL: 'smtp://mail.example.test' })).toThrow(
      /DEV_OUTBOX=on is refused/,
    );
    expect(() => readConfig({ DEV_OUTBOX: 'yes' })).toThrow(/auto, on or off/);
    expect(() => readConfig({ PROVIDER_DEV_OUTBOX: '1' })).toThrow(/now DEV_OUTBOX/);
  });
});

describe('client addresses and X-Forwarded-For (finding 6)', () => {
  const report = (client: TestClient, i: number, forwardedFor: string) =>
    client.post(
      '/api/client-errors',
      { message: `spoof ${i}`, url: '/' },
      { 'x-forwarded-for': forwardedFor },
    );

  it('rotating X-Forwarded-For does not escape the signed-out limit on client errors', async () => {
    const attacker = new TestClient(appWith({}), '203.0.113.50');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await report(attacker, i, `198.51.100.${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('rotating X-Forwarded-For does not escape the signed-out limit on analytics events', async () => {
    const attacker = new TestClient(appWith({}), '203.0.113.51');
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++) {
      const res = await attacker.post(
        '/api/events',
        { type: 'page', name: '/x' },
        { 'x-forwarded-for': `10.9.${i}.1` },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429]);
  });

  it('behind a trusted proxy, clients are told apart by the address the proxy appended, not by what they wrote', async () => {
    const app = appWith({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' });
    const proxy = new TestClient(app, '10.0.0.1');
    // Two real clients behind the proxy each get their own allowance.
    for (let i = 0; i < 30; i++) expect((await report(proxy, i, '198.51.100.1')).status).toBe(202);
    expect((await report(proxy, 30, '198.51.100.1')).status).toBe(429);
    expect((await report(proxy, 31, '198.51.100.2')).status).toBe(202);
    // The client rotates the part it controls (left of what the proxies appended): still one client.
    for (let i = 0; i < 29; i++) {
      expect((await report(proxy, i, `192.0.2.${i}, 198.51.100.2, 192.168.3.4`)).status).toBe(202);
    }
    expect((await report(proxy, 99, '192.0.2.250, 198.51.100.2, 192.168.3.4')).status).toBe(429);
  });

  it('clientAddress: the socket unless the peer is a TRUST_PROXY proxy; then the right-most untrusted hop', async () => {
    const seen: (string | undefined)[] = [];
    const probe = (trustProxy: TrustedProxies) =>
      new Hono().get('/probe', (c) => {
        seen.push(clientAddress(c, { trustProxy }));
        return c.json({});
      });
    const call = async (app: ReturnType<typeof probe>, peer: string, xff?: string) => {
      await app.request(
        `${ORIGIN}/probe`,
        { headers: xff ? { 'x-forwarded-for': xff } : {} },
        socketEnv(peer),
      );
      return seen.pop();
    };
    const none = probe(TrustedProxies.none);
    expect(await call(none, '203.0.113.1', '1.2.3.4')).toBe('203.0.113.1');
    expect(await call(none, '::ffff:203.0.113.1')).toBe('203.0.113.1');
    const trusted = probe(TrustedProxies.parse('10.0.0.0/8, loopback, 2001:db8::/32'));
    expect(await call(trusted, '10.1.2.3', '1.1.1.1, 2.2.2.2, 10.0.0.9')).toBe('2.2.2.2');
    expect(await call(trusted, '127.0.0.1', '1.1.1.1')).toBe('1.1.1.1');
    expect(await call(trusted, '2001:db8::1', '2001:db9::5')).toBe('2001:db9::5');
    expect(await call(trusted, '203.0.113.1', '1.1.1.1')).toBe('203.0.113.1');
    expect(await call(trusted, '10.1.2.3')).toBe('10.1.2.3');
    expect(() => TrustedProxies.parse('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => TrustedProxies.parse('proxy.internal')).toThrow(/TRUST_PROXY/);
  });
});

/** A real listening server (the one server/main.ts starts) and a raw TCP client of it. */
async function listening(http: ServerConfig['http']) {
  const server = createHttpServer(getRequestListener(appWith({}).fetch), http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Sends `data`, then waits for the server's answer (or its closing the connection) up to `waitMs`. */
    async send(data: string, waitMs: number) {
      const socket: Socket = connect(port, '127.0.0.1');
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.write(data);
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), waitMs);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
        socket.on('error', () => {});
      });
      socket.destroy();
      return { answer, closed, elapsedMs: Date.now() - started };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('slow and short requests (finding 8a)', () => {
  it('answers 408 and closes when a body is shorter than its Content-Length', async () => {
    const server = await listening({
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 1000,
    });
    try {
      const { answer, closed, elapsedMs } = await server.send(
        'POST /api/client-errors HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"message":',
        4000,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(closed).toBe(true);
      expect(elapsedMs).toBeLessThan(2500);
    } finally {
      await server.close();
    }
  });

  it('answers 408 and closes when the headers never finish', async () => {
    const server = await listening({
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 1000,
    });
    try {
      const { answer, closed, elapsedMs } = await server.send(
        'GET /api/health HTTP/1.1\r\nHost: local',
        4000,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(closed).toBe(true);
      expect(elapsedMs).toBeLessThan(2000);
    } finally {
      await server.close();
    }
  });

  it('still answers ordinary requests, and the timeouts are configuration with safe defaults', async () => {
    const server = await listening({
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 1000,
    });
    try {
      const { answer } = await server.send('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 300);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await server.close();
    }
    expect(readConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(readConfig({ HTTP_REQUEST_TIMEOUT_MS: '45000' }).http.requestTimeoutMs).toBe(45_000);
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '0' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /not be longer/,
    );
  });
});

describe('CSRF over plain HTTP (finding 8b)', () => {
  const login = (client: TestClient, origin: string, headers: Record<string, string> = {}) =>
    client.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD }, { origin, ...headers });

  it('refuses an https Origin of the same host on an http request', async () => {
    const client = new TestClient(appWith({}));
    const res = await login(client, 'https://localhost');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('CSRF');
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
    expect((await login(client, 'http://localhost')).status).toBe(200);
  });

  it('believes X-Forwarded-Proto only from a TRUST_PROXY proxy', async () => {
    const spoofed = await login(new TestClient(appWith({})), 'https://localhost', {
      'x-forwarded-proto': 'https',
    });
    expect(spoofed.status).toBe(403);
    const behindTls = new TestClient(appWith({ TRUST_PROXY: 'loopback' }));
    expect((await login(behindTls, 'https://localhost', { 'x-forwarded-proto': 'https' })).status).toBe(200);
    const downgraded = new TestClient(appWith({ TRUST_PROXY: 'loopback' }));
    expect((await login(downgraded, 'http://localhost', { 'x-forwarded-proto': 'https' })).status).toBe(403);
  });
});

describe('Cache-Control on tenant and user data (finding 8c)', () => {
  it('sends private, no-store on /api, /data and /planning answers, errors included', async () => {
    const demo = await signedIn(db, 'demo');
    const campaigns = await demo.get('/api/campaigns');
    expect(campaigns.status).toBe(200);
    const [first] = campaigns.body.data ?? campaigns.body;
    for (const path of [
      '/api/campaigns',
      '/api/organization',
      `/data/campaigns/get?id=${first?.id}`,
      '/api/customers',
      '/api/no-such-thing',
    ]) {
      const res = await demo.get(path);
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        cacheControl: 'private, no-store',
      });
    }
    const planning = await demo.post('/planning/wizard/nothing-here', {});
    expect(planning.headers.get('cache-control')).toBe('private, no-store');
    const signedOut = await new TestClient(appWith({})).get('/api/campaigns');
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps a route’s own caching (no-store of the session answer)', async () => {
    const res = await new TestClient(appWith({})).get('/api/auth/user');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sign-up and registered addresses (finding 8d: the leak is accepted, README "Security")', () => {
  it('a taken address answers 409 but reveals nothing else and changes nothing', async () => {
    const client = new TestClient(appWith({}));
    const taken = await client.post('/api/auth/signup', {
      email: DEMO_EMAIL,
      password: 'attacker-password',
      firstName: 'Mallory',
      lastName: 'M',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'An account with this e-mail address already exists.',
      validationErrors: { email: { message: 'An account with this e-mail address already exists.' } },
    });
    expect(taken.headers.get('set-cookie')).toBeNull();
    expect((await client.get('/api/auth/user')).body.isAuthenticated).toBe(false);
    expect(
      (await client.post('/api/auth/login', { email: DEMO_EMAIL, password: 'attacker-password' })).status,
    ).toBe(401);
    const [owner] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
    expect(owner?.firstName).not.toBe('Mallory');
    await new TestClient(appWith({})).signIn(DEMO_EMAIL);
  });
});

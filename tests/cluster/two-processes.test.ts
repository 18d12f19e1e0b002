import { CLIENT_ERRORS_PER_MINUTE } from '@server/analytics/clientErrorRoutes';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@server/seed/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { type ServerProcess, startServerProcess } from '../support/serverProcess';

/**
 * Two API processes on one database, as with WEB_CONCURRENCY=2 or two machines behind a load balancer:
 * what one process does, the other sees at once.
 */
let a: ServerProcess;
let b: ServerProcess;
let databaseUrl: string;

beforeAll(async () => {
  const { url } = await freshDatabase();
  databaseUrl = url;
  [a, b] = await Promise.all([startServerProcess(url), startServerProcess(url)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

const call = (server: ServerProcess, method: string, path: string, body?: unknown, cookie?: string) =>
  fetch(`${server.origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { origin: server.origin }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('two API processes, one database', () => {
  it('counts a rate limit together: the requests of both add up to one limit', async () => {
    const report = { message: 'TypeError: x is undefined', url: 'http://127.0.0.1/campaigns' };
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) {
      statuses.push((await call(i % 2 === 0 ? a : b, 'POST', '/api/client-errors', report)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
    // Each process alone has seen only half the limit; together they have seen all of it.
    const refused = await call(b, 'POST', '/api/client-errors', report);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(a, 'POST', '/api/client-errors', report)).status).toBe(429);
  });

  it('reads through one what was written through the other, at once', async () => {
    const login = await call(a, 'POST', '/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await call(a, 'POST', '/api/campaigns', { name: 'Written through A' }, cookie);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const readOnB = await call(b, 'GET', `/api/campaigns/${id}`, undefined, cookie);
    expect(readOnB.status).toBe(200);
    expect(await readOnB.json()).toMatchObject({ id, name: 'Written through A' });

    expect(
      (await call(b, 'PATCH', `/api/campaigns/${id}`, { name: 'Renamed through B' }, cookie)).status,
    ).toBe(200);
    const readOnA = await call(a, 'GET', `/api/campaigns?name_like=Renamed through B`, undefined, cookie);
    expect(((await readOnA.json()) as { id: string }[]).map((row) => row.id)).toEqual([id]);
    expect(readOnA.headers.get('x-total-count')).toBe('1');

    // Signing out through B ends the session for A too.
    expect((await call(b, 'POST', '/api/auth/logout', {}, cookie)).status).toBeLessThan(300);
    expect((await call(a, 'GET', `/api/campaigns/${id}`, undefined, cookie)).status).toBe(401);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('runs that many API processes on one port, and stops them all', async () => {
    const server = await startServerProcess(databaseUrl, { WEB_CONCURRENCY: '2' });
    try {
      await expect
        .poll(() => server.output().split('Flightplan is running').length - 1, { timeout: 30_000 })
        .toBe(2);
      expect(server.output()).toMatch(/2 API processes on port/);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${server.origin}/api/health`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    } finally {
      await server.stop();
    }
    expect(server.output()).toMatch(/stopping 2 API processes/);
  }, 90_000);
});

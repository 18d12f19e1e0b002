import { createApp } from '@server/app';
import { DEVICE_COOKIE } from '@server/auth/device';
import { SESSION_COOKIE } from '@server/auth/sessions';
import { readConfig } from '@server/config';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@server/seed/seed';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, socketEnv, TestClient, testDeps } from '../support/http';

/**
 * Issue 11: the session and device cookies got `Secure` whenever any client sent `X-Forwarded-Proto: https`.
 * That header is believed only from a TRUST_PROXY proxy now (`requestProtocol`, the rule `clientAddress`
 * follows); otherwise the socket decides (TLS or not).
 */

const { db } = await freshDatabase();
const appWith = (env: NodeJS.ProcessEnv) => createApp(testDeps(db, readConfig(env)));

/** The attributes of each cookie a response sets, by name. */
function setCookies(headers: Headers): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    cookies.set(
      pair.split('=')[0] ?? '',
      attributes.map((a) => a.toLowerCase()),
    );
  }
  return cookies;
}

const login = (client: TestClient, origin: string, headers: Record<string, string> = {}) =>
  client.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD }, { origin, ...headers });

describe('the Secure flag of the session and device cookies', () => {
  it('the attack: a direct client over plain HTTP claiming https changes nothing', async () => {
    const res = await login(new TestClient(appWith({}), '203.0.113.8'), 'http://localhost', {
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies.get(SESSION_COOKIE)).toBeDefined();
    expect(cookies.get(DEVICE_COOKIE)).toBeDefined();
    expect(cookies.get(SESSION_COOKIE)).not.toContain('secure');
    expect(cookies.get(DEVICE_COOKIE)).not.toContain('secure');
  });

  it('a TRUST_PROXY proxy that terminated TLS makes them Secure', async () => {
    const res = await login(new TestClient(appWith({ TRUST_PROXY: 'loopback' })), 'https://localhost', {
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies.get(SESSION_COOKIE)).toContain('secure');
    expect(cookies.get(DEVICE_COOKIE)).toContain('secure');
  });

  it('a client not among the trusted proxies is not believed, even when TRUST_PROXY is set', async () => {
    const res = await login(
      new TestClient(appWith({ TRUST_PROXY: '10.0.0.1' }), '203.0.113.9'),
      'http://localhost',
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(setCookies(res.headers).get(SESSION_COOKIE)).not.toContain('secure');
  });

  it('a TLS socket makes them Secure without any header', async () => {
    const res = await appWith({}).request(
      `${ORIGIN}/api/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://localhost' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      },
      socketEnv('127.0.0.1', true),
    );
    expect(res.status).toBe(200);
    expect(setCookies(res.headers).get(SESSION_COOKIE)).toContain('secure');
  });

  it('the refreshed session cookie follows the same rule (the proxies are known before the session loads)', async () => {
    const behindProxy = new TestClient(appWith({ TRUST_PROXY: 'loopback' }));
    expect((await login(behindProxy, 'https://localhost', { 'x-forwarded-proto': 'https' })).status).toBe(
      200,
    );
    const direct = new TestClient(appWith({}), '203.0.113.10');
    expect((await login(direct, 'http://localhost')).status).toBe(200);
    // Both sessions are near their end, so the next request renews their cookie.
    await db.execute(sql`UPDATE sessions SET expires_at = now() + interval '1 hour'`);

    const renewed = await behindProxy.get('/api/auth/user', { 'x-forwarded-proto': 'https' });
    expect(renewed.body.isAuthenticated).toBe(true);
    expect(setCookies(renewed.headers).get(SESSION_COOKIE)).toContain('secure');

    const spoofed = await direct.get('/api/auth/user', { 'x-forwarded-proto': 'https' });
    expect(spoofed.body.isAuthenticated).toBe(true);
    const cookie = setCookies(spoofed.headers).get(SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).not.toContain('secure');
  });
});

import { randomUUID } from 'node:crypto';
import { addressKey } from '@server/auth/signInAddress';
import { delayAfter, THROTTLE_POLICIES } from '@server/auth/throttle';
import { connect } from '@server/db/connect';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testApp } from '../support/http';

const { db, url } = await freshDatabase();
const app = testApp(db);
const PASSWORD = 'correct-horse-battery';

/** A browser at `address` (its own cookie jar). */
const browserAt = (address: string, instance = app) => new TestClient(instance, address);

async function newUser() {
  const email = `owner-${randomUUID()}@flightplan.test`;
  expect((await browserAt('192.0.2.1').post('/api/auth/signup', { email, password: PASSWORD })).status).toBe(
    201,
  );
  return email;
}

const login = (client: TestClient, email: string, password: string) =>
  client.post('/api/auth/login', { email, password });

/** Every running delay is over (the clock moved on), without forgetting how many attempts were counted. */
const delaysPass = () =>
  db.execute(sql`UPDATE login_throttle SET blocked_until = now() - interval '1 second'`);

const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));
/**
 * The delay counts from the failure that set it; the refusal reports what is left of it when it arrives, so
 * a slow password hash between the two (a loaded CI machine) may take a second or two off.
 */
const expectWait = (res: { headers: Headers }, seconds: number) => {
  const left = retryAfter(res);
  expect(left, `Retry-After ${left}, expected about ${seconds}`).toBeLessThanOrEqual(seconds);
  expect(left, `Retry-After ${left}, expected about ${seconds}`).toBeGreaterThan(seconds - 5);
  return left;
};

// Each test hashes a password per attempt, a few dozen attempts: on a loaded 2-core machine (npm test runs
// these beside the browser tests) that takes longer than the project's 20 s default, not longer than this.
describe('sign-in throttling: growing delays, no lock-out', { timeout: 60_000 }, () => {
  it('lets five wrong passwords through, then asks for a delay that doubles with each further failure', async () => {
    const email = await newUser();
    const attacker = browserAt('203.0.113.5');
    for (let i = 0; i < 5; i++) expect((await login(attacker, email, 'wrong-password')).status).toBe(401);

    const first = await login(attacker, email, PASSWORD);
    expect(first.status).toBe(429);
    const firstWait = expectWait(first, 30);
    expect(first.body).toMatchObject({
      errorCode: 'THROTTLED',
      message: `Too many failed sign-in attempts. Wait ${firstWait} seconds before trying again.`,
    });

    for (const seconds of [60, 120, 240, 480]) {
      await delaysPass();
      expect((await login(attacker, email, 'wrong-password')).status).toBe(401);
      const refused = await login(attacker, email, 'wrong-password');
      expect(refused.status).toBe(429);
      expectWait(refused, seconds);
    }
    await delaysPass();
    await login(attacker, email, 'wrong-password');
    const capped = await login(attacker, email, 'wrong-password');
    expectWait(capped, 900);
    expect(capped.body.message).toBe(
      'Too many failed sign-in attempts. Wait 15 minutes before trying again.',
    );

    // Once the delay is over the right password gets in, and the pair's counter starts again.
    await delaysPass();
    expect((await login(attacker, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(attacker, email, 'wrong-password')).status).toBe(401);
  });

  it("does not let an attacker's failures elsewhere stop the owner's right password from their usual place", async () => {
    const email = await newUser();
    const home = '198.51.100.10';
    const ownersBrowser = browserAt(home);
    const first = await login(ownersBrowser, email, PASSWORD);
    expect(first.status).toBe(200);
    const deviceCookie = first.headers.getSetCookie().find((line) => line.startsWith('fp_device=')) ?? '';
    expect(deviceCookie).toMatch(
      /^fp_device=[\w-]{43}; Max-Age=34560000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
    );
    await ownersBrowser.post('/api/auth/logout');

    // Guesses from many addresses, waiting out every delay: the account itself is now slowed.
    for (let i = 0; i < 40; i++) {
      await login(browserAt(`203.0.113.${10 + (i % 8)}`), email, `guess-${i}`);
      if (i % 4 === 3) await delaysPass();
    }
    await login(browserAt('203.0.113.199'), email, 'one-more-guess');
    const stranger = await login(browserAt('203.0.113.200'), email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(retryAfter(stranger)).toBeGreaterThan(0);

    // The owner's browser (its device cookie), and any browser at the owner's usual address, get through.
    expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
    expect((await login(browserAt(home), email, PASSWORD)).status).toBe(200);
    // The owner's browser travelling: the device cookie is enough.
    await ownersBrowser.post('/api/auth/logout');
    const travelling = browserAt('192.0.2.77');
    const cookie = deviceCookie.split(';')[0] ?? '';
    expect((await travelling.post('/api/auth/login', { email, password: PASSWORD }, { cookie })).status).toBe(
      200,
    );
  });

  it("lets the owner's browser in even when the attacker shares the owner's address", async () => {
    const email = await newUser();
    const office = '198.51.100.20';
    const ownersBrowser = browserAt(office);
    expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
    await ownersBrowser.post('/api/auth/logout');
    const colleague = browserAt(office);
    for (let i = 0; i < 6; i++) await login(colleague, email, `guess-${i}`);
    expect((await login(colleague, email, PASSWORD)).status).toBe(429);
    expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
    // The device's own failures are throttled too (a stolen cookie does not buy unlimited guesses).
    await ownersBrowser.post('/api/auth/logout');
    for (let i = 0; i < 5; i++)
      expect((await login(ownersBrowser, email, 'wrong-password')).status).toBe(401);
    expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(429);
  });

  it('limits one address spraying a password across many accounts, and only that address', async () => {
    const sprayer = '203.0.113.99';
    const { free } = THROTTLE_POLICIES.address;
    for (let i = 0; i < free; i++) {
      const res = await login(
        browserAt(sprayer),
        `sprayed-${i}-${randomUUID()}@flightplan.test`,
        'Summer2026!',
      );
      expect(res.status).toBe(401);
    }
    const refused = await login(browserAt(sprayer), `sprayed-last@flightplan.test`, 'Summer2026!');
    expect(refused.status).toBe(429);
    expectWait(refused, 60);
    // An unknown e-mail and a real one are refused alike; another address is not affected.
    const email = await newUser();
    expect((await login(browserAt(sprayer), email, PASSWORD)).status).toBe(429);
    expect((await login(browserAt('198.51.100.99'), email, PASSWORD)).status).toBe(200);
  });

  it('shares the limits between two app instances on the same database, parallel guesses included', async () => {
    const other = connect(url, { max: 5 });
    try {
      const second = testApp(other);
      const email = await newUser();
      const address = '203.0.113.150';
      for (let i = 0; i < 5; i++) {
        const instance = i % 2 === 0 ? app : second;
        expect((await login(browserAt(address, instance), email, 'wrong-password')).status).toBe(401);
      }
      expect((await login(browserAt(address, second), email, PASSWORD)).status).toBe(429);
      expect((await login(browserAt(address, app), email, PASSWORD)).status).toBe(429);

      // A burst of parallel guesses on both instances: only the free attempts are checked.
      const target = await newUser();
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login(browserAt('203.0.113.151', i % 2 ? app : second), target, `guess-${i}`),
        ),
      );
      const statuses = burst.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    } finally {
      await other.$client.end();
    }
  });

  it('computes delays and address keys as documented', () => {
    const pair = THROTTLE_POLICIES.pair;
    expect([4, 5, 6, 7, 20].map((n) => delayAfter(pair, n) / 1000)).toEqual([0, 30, 60, 120, 900]);
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0001:0002::abcd')).toBe('2001:db8:1:2::/64');
  });
});

import { randomUUID } from 'node:crypto';
import { THROTTLE_POLICIES } from '@server/auth/throttle';
import { DEMO_EMAIL } from '@server/seed/seed';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testApp } from '../support/http';

/**
 * Issue 11: sign-up hashed a password (deliberately slow) for every request and answered whether an e-mail
 * was taken, with no limit: one client could burn the server's CPU, or test addresses at speed. Sign-ups
 * are now counted per network address (`clientAddress`, IPv6 by /64) in the sign-in throttle's table.
 */

const { db } = await freshDatabase();
const app = testApp(db);
const LIMIT = THROTTLE_POLICIES.signup.free;

/** A new browser at `address` (its own cookie jar). */
const browserAt = (address: string) => new TestClient(app, address);
const signUp = (address: string, email = `new-${randomUUID()}@flightplan.test`) =>
  browserAt(address).post('/api/auth/signup', { email, password: 'correct-horse-battery' });

describe('sign-up throttling per network address', () => {
  it('the attack: many sign-ups from one address, then 429 naming the limit; another address still works', async () => {
    const attacker = '203.0.113.7';
    // Enumerating: taken and new addresses alike are counted.
    for (let i = 0; i < LIMIT; i++) {
      const res = await signUp(attacker, i % 2 ? DEMO_EMAIL : undefined);
      expect(res.status, JSON.stringify(res.body)).toBe(i % 2 ? 409 : 201);
    }
    const refused = await signUp(attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: `Too many sign-ups from your network address: at most ${LIMIT} an hour. Try again in 60 minutes.`,
      errorCode: 'SIGNUP_THROTTLED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    // A taken address is refused the same way: nothing is told while throttled.
    expect((await signUp(attacker, DEMO_EMAIL)).status).toBe(429);

    expect((await signUp('198.51.100.20')).status).toBe(201);
  });

  it('an IPv6 client counts by its /64: rotating addresses inside it does not help', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await signUp(`2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(201);
    expect((await signUp('2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await signUp('2001:db8:1:3::1')).status).toBe(201);
  });

  it('an hour later the address may sign up again', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < LIMIT; i++) await signUp(address);
    expect((await signUp(address)).status).toBe(429);
    await db.execute(
      sql`UPDATE login_throttle SET blocked_until = now() - interval '1 second', last_failure_at = now() - interval '61 minutes'`,
    );
    expect((await signUp(address)).status).toBe(201);
  });

  it('a malformed body is a 400 that hashes nothing and is not counted', async () => {
    const address = '192.0.2.99';
    for (let i = 0; i < LIMIT + 5; i++) {
      expect((await browserAt(address).post('/api/auth/signup', { email: 'nope' })).status).toBe(400);
    }
    expect((await signUp(address)).status).toBe(201);
  });
});

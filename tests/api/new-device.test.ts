import * as t from '@server/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@server/seed/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient, testApp } from '../support/http';

/**
 * Issue 26: the device a session started from is recorded with it, and a sign-in from a browser the account
 * had not signed in from shows in the security activity and sends a notice e-mail. The same browser again
 * (its device cookie) is no news; the browser that signed up is the new account's first device.
 */

const { db } = await freshDatabase();

const notices = async (to: string) =>
  (await db.select().from(t.providerOutbox).where(eq(t.providerOutbox.recipient, to))).filter(
    (m) => m.subject === 'New sign-in to your Flightplan account',
  );

describe('sign-ins from a new device', () => {
  it('a first sign-in from a browser: in the activity as from a new device, and an e-mail', async () => {
    const before = (await notices(DEMO_EMAIL)).length;
    const browser = new TestClient(testApp(db));
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const after = await notices(DEMO_EMAIL);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.text).toMatch(/signed in to from a new device/);
    const activity = await browser.get('/api/security/activity');
    expect(activity.body.events[0]).toMatchObject({ kind: 'sign_in', newDevice: true });

    // The same browser again (its device cookie): nothing new to say.
    await browser.post('/api/auth/logout');
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await notices(DEMO_EMAIL)).toHaveLength(before + 1);
    const again = await browser.get('/api/security/activity');
    expect(again.body.events[0].kind).toBe('sign_in');
    expect(again.body.events[0].newDevice).toBeUndefined();

    // The session knows the browser it started from (a digest of its device cookie, never the cookie).
    const [user] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
    const sessions = await db.select().from(t.sessions).where(eq(t.sessions.userId, user!.id));
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect(session.deviceId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('the browser that signed up is the account’s first device', async () => {
    const browser = new TestClient(testApp(db));
    const email = 'first-device@agency.test';
    expect((await browser.post('/api/auth/signup', { email, password: 'correct-horse' })).status).toBe(201);
    await browser.post('/api/auth/logout');
    await browser.signIn(email, 'correct-horse');
    expect(await notices(email)).toHaveLength(0);
    // Another browser is news.
    await new TestClient(testApp(db)).signIn(email, 'correct-horse');
    expect(await notices(email)).toHaveLength(1);
  });
});

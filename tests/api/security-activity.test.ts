import { SecurityActivitySchema } from '@contract/securityActivity';
import { CHALLENGE_REQUIRED, STEP_UP_HEADER } from '@contract/stepUp';
import * as t from '@server/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD, RIVAL_EMAIL } from '@server/seed/seed';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';

/**
 * Recent activity (issue 11): each sign-in and each step-up is recorded for its user — when, how, what and
 * from which browser — and `GET /api/security/activity` answers the user's own, newest first.
 */

const { db } = await freshDatabase();
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let demo: TestClient;
let rival: TestClient;
let demoId: string;

beforeAll(async () => {
  demo = new TestClient(testApp(db, { enforceStepUp: true }));
  const login = await demo.post(
    '/api/auth/login',
    { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    { 'user-agent': CHROME_MAC },
  );
  expect(login.status).toBe(200);
  rival = await signedIn(db, 'rival', { enforceStepUp: true });
  const [user] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
  demoId = user!.id;
});

const activity = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/security/activity${query}`);
  expect(res.status).toBe(200);
  return v.parse(SecurityActivitySchema, res.body).events;
};

/** Deletes a customer through the step-up: an e-mail code (read from the outbox) from Firefox on Windows. */
async function deleteCustomerWithStepUp(name: string) {
  const created = await demo.post<{ id: string }>('/api/customers', { name });
  expect(created.status).toBe(201);
  const asked = await demo.post('/data/customers/delete', { customerId: created.body.id });
  expect(asked.status).toBe(403);
  expect(asked.body.errorCode).toBe(CHALLENGE_REQUIRED);
  const bearer = { authorization: `Bearer ${asked.body.challenge.token}`, 'user-agent': FIREFOX_WINDOWS };
  await db.execute(sql`DELETE FROM provider_send_log`);
  expect((await demo.post('/provider/v1/client/challenge/email-otp', {}, bearer)).status).toBe(200);
  const outbox = await demo.get<{ messages: { code: string | null }[] }>(
    `/dev/outbox.json?to=${encodeURIComponent(DEMO_EMAIL)}`,
  );
  const verified = await demo.post<{ accessToken: string }>(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: outbox.body.messages[0]?.code },
    bearer,
  );
  expect(verified.status).toBe(200);
  const deleted = await demo.post(
    '/data/customers/delete',
    { customerId: created.body.id },
    { [STEP_UP_HEADER]: verified.body.accessToken },
  );
  expect(deleted.status).toBe(200);
}

describe('recent activity', () => {
  it('lists the sign-in, then a step-up above it, with method, description and browser', async () => {
    const before = await activity(demo);
    expect(before).toEqual([
      expect.objectContaining({
        kind: 'sign_in',
        method: 'PASSWORD',
        action: null,
        description: null,
        browser: 'Chrome on macOS',
      }),
    ]);

    await deleteCustomerWithStepUp('Activity Customer');
    const events = await activity(demo);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      kind: 'step_up',
      method: 'EMAIL_OTP',
      action: 'deleteCustomer',
      description: 'Delete customer Activity Customer',
      browser: 'Firefox on Windows',
    });
    expect(events[1]).toMatchObject({ kind: 'sign_in', browser: 'Chrome on macOS' });
    expect(Date.parse(events[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(events[1]!.createdAt));
  });

  it('never shows another user’s events', async () => {
    const events = await activity(rival);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'sign_in' });
    const [rivalUser] = await db.select().from(t.users).where(eq(t.users.email, RIVAL_EMAIL));
    const rows = await db.select().from(t.securityEvents).where(eq(t.securityEvents.userId, rivalUser!.id));
    expect(rows.map((row) => row.id)).toEqual(events.map((event) => event.id));
  });

  it('`_end` caps the list at the newest; nonsense is a 400; no session is a 401', async () => {
    await deleteCustomerWithStepUp('Second Customer');
    const [newest] = await activity(demo, '?_end=1');
    expect(newest).toMatchObject({ description: 'Delete customer Second Customer' });
    expect(await activity(demo, '?_end=1')).toHaveLength(1);
    expect(await activity(demo, '?_end=2')).toHaveLength(2);
    expect((await demo.get('/api/security/activity?_end=0')).status).toBe(400);
    expect((await demo.get('/api/security/activity?_end=abc')).status).toBe(400);
    expect((await new TestClient(testApp(db)).get('/api/security/activity')).status).toBe(401);
  });

  it('keeps 90 days: an older event is neither listed nor kept once a new one is written', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    await db.insert(t.securityEvents).values({
      userId: demoId,
      kind: 'sign_in',
      method: 'PASSWORD',
      userAgent: 'Chrome on macOS',
      createdAt: old,
    });
    expect((await activity(demo, '?_end=100')).some((e) => Date.parse(e.createdAt) === old.getTime())).toBe(
      false,
    );
    await new TestClient(testApp(db)).signIn(DEMO_EMAIL);
    const kept = await db
      .select()
      .from(t.securityEvents)
      .where(
        and(
          eq(t.securityEvents.userId, demoId),
          sql`${t.securityEvents.createdAt} < now() - interval '90 days'`,
        ),
      );
    expect(kept).toEqual([]);
  });
});

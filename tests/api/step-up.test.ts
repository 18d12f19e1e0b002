import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_REQUIRED, STEP_UP_HEADER, STEP_UP_MESSAGES } from '../../contract/stepUp';
import * as t from '../../server/db/schema';
import { DEMO_EMAIL, RIVAL_EMAIL } from '../../server/db/seed';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * Step-up enforcement on the risky actions (issue 5), with the product's own guard and the built-in
 * provider: without a verified token the action is refused with CHALLENGE_REQUIRED and changes nothing;
 * the token earned through the provider (e-mail OTP, read from the outbox) opens that action once.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { enforceStepUp: true });
  rival = await signedIn(db, 'rival', { enforceStepUp: true });
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createDraft(client: TestClient) {
  const res = await client.post<{ campaignId: string }>('/planning/wizard/new/overview', {
    objectiveId: 1,
    name: 'Step-up Spring',
    platforms: ['meta'],
    startDate: future(2),
    endDate: future(20),
    budgetMinor: 100_000,
    currency: 'EUR',
  });
  expect(res.status).toBe(201);
  return res.body.campaignId;
}

async function createCustomer(client: TestClient) {
  const res = await client.post<{ id: string }>('/api/customers', { name: 'Step-up Customer' });
  expect(res.status).toBe(201);
  return res.body.id;
}

const status = async (id: string) =>
  (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]?.status;

/** What the challenge dialog does for a user without authenticators: e-mail OTP, code from the outbox. */
async function verifyByEmail(client: TestClient, challengeToken: string, email: string): Promise<string> {
  const bearer = { authorization: `Bearer ${challengeToken}` };
  // Each test asks for a new code at once; the provider's 30-second resend cooldown is not the subject here.
  await db.execute(sql`DELETE FROM provider_send_log`);
  const sent = await client.post('/provider/v1/client/challenge/email-otp', {}, bearer);
  expect(sent.status).toBe(200);
  const outbox = await client.get<{ messages: { code: string | null }[] }>(
    `/dev/outbox.json?to=${encodeURIComponent(email)}`,
  );
  const code = outbox.body.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const verified = await client.post<{ accessToken: string }>(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: code },
    bearer,
  );
  expect(verified.status).toBe(200);
  return verified.body.accessToken;
}

async function challengeOf(res: { status: number; body: any }) {
  expect(res.status).toBe(403);
  expect(res.body.errorCode).toBe(CHALLENGE_REQUIRED);
  return res.body.challenge as { token: string; user: { email: string }; verificationMethods: string[] };
}

describe('step-up on risky actions', () => {
  it('launching without a token is refused with challenge options and changes nothing', async () => {
    const id = await createDraft(demo);
    const res = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const challenge = await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.required);
    expect(challenge).toMatchObject({
      user: { email: DEMO_EMAIL },
      verificationMethods: ['EMAIL_OTP'],
      defaultVerificationMethod: 'EMAIL_OTP',
    });
    expect(challenge.token).toEqual(expect.any(String));
    expect(await status(id)).toBe('draft');
  });

  it('with the verified token it launches, once: the same token is refused as replayed', async () => {
    const id = await createDraft(demo);
    const first = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const token = await verifyByEmail(demo, (await challengeOf(first)).token, DEMO_EMAIL);

    const launched = await demo.post(
      `/planning/wizard/${id}/review`,
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    expect(launched.status).toBe(200);
    expect(await status(id)).toBe('launching');

    const other = await createDraft(demo);
    const replay = await demo.post(
      `/planning/wizard/${other}/review`,
      { campaignId: other },
      { [STEP_UP_HEADER]: token },
    );
    await challengeOf(replay);
    expect(replay.body.message).toBe(STEP_UP_MESSAGES.replayed);
    expect(await status(other)).toBe('draft');
  });

  it('a token verified for another action does not delete', async () => {
    const id = await createDraft(demo);
    const launch = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const launchToken = await verifyByEmail(demo, (await challengeOf(launch)).token, DEMO_EMAIL);
    const res = await demo.post(
      '/data/campaigns/delete',
      { campaignId: id },
      { [STEP_UP_HEADER]: launchToken },
    );
    await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect(await status(id)).toBe('draft');
  });

  it('another user’s token is refused', async () => {
    const demoCustomer = await createCustomer(demo);
    const rivalCustomer = await createCustomer(rival);
    const asked = await rival.post('/data/customers/delete', { customerId: rivalCustomer });
    const rivalToken = await verifyByEmail(rival, (await challengeOf(asked)).token, RIVAL_EMAIL);
    const res = await demo.post(
      '/data/customers/delete',
      { customerId: demoCustomer },
      { [STEP_UP_HEADER]: rivalToken },
    );
    await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect((await demo.get(`/data/customers/get?customerId=${demoCustomer}`)).status).toBe(200);
  });

  it('a made-up or tampered token is refused', async () => {
    const id = await createDraft(demo);
    for (const token of ['garbage', 'a.b.c']) {
      const res = await demo.post('/data/campaigns/delete', { campaignId: id }, { [STEP_UP_HEADER]: token });
      await challengeOf(res);
      expect(res.body.message).toBe(STEP_UP_MESSAGES.invalid);
    }
    expect(await status(id)).toBe('draft');
  });

  it('deletes a campaign and a customer with their verified tokens', async () => {
    const id = await createDraft(demo);
    const asked = await demo.post('/data/campaigns/delete', { campaignId: id });
    const token = await verifyByEmail(demo, (await challengeOf(asked)).token, DEMO_EMAIL);
    const deleted = await demo.post(
      '/data/campaigns/delete',
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    expect(deleted.status).toBe(200);
    expect(await status(id)).toBe('deleting');

    const customer = await createCustomer(demo);
    const askedCustomer = await demo.delete(`/api/customers/${customer}`);
    const customerToken = await verifyByEmail(demo, (await challengeOf(askedCustomer)).token, DEMO_EMAIL);
    const removed = await demo.request('DELETE', `/api/customers/${customer}`, undefined, {
      [STEP_UP_HEADER]: customerToken,
    });
    expect(removed.status).toBe(200);
    expect((await demo.get(`/data/customers/get?customerId=${customer}`)).status).toBe(404);
  });

  it('refusals that need no confirmation come first: not found, business errors', async () => {
    const missing = await demo.post('/data/campaigns/delete', {
      campaignId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    const customer = await createCustomer(demo);
    await demo.post('/planning/wizard/new/overview', {
      objectiveId: 1,
      name: 'Keeps the customer',
      customerId: customer,
      platforms: ['meta'],
      startDate: future(2),
      endDate: future(20),
      budgetMinor: 100_000,
      currency: 'EUR',
    });
    const busy = await demo.post('/data/customers/delete', { customerId: customer });
    expect(busy.status).toBe(409);
    expect(busy.body.errorCode).toBe('CUSTOMER_HAS_CAMPAIGNS');
    expect(busy.body.challenge).toBeUndefined();
  });
});

import { STEP_UP_ACTIONS, STEP_UP_HEADER, STEP_UP_MESSAGES } from '@contract/stepUp';
import { campaignTarget, listed } from '@server/campaignRules/stepUpTargets';
import * as t from '@server/db/schema';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';
import { planCampaign } from '../support/planning';
import { challengeOf, verifyByEmail as verifyWith } from '../support/stepUp';

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

/** A complete plan (every wizard step saved), so only the step-up stands between it and a launch. */
async function createDraft(client: TestClient, name = 'Step-up Spring', platforms = ['meta']) {
  const { id } = await planCampaign(client, {
    db,
    objectiveId: 1,
    name,
    platforms,
    startDate: future(2),
    endDate: future(20),
    budgetMinor: 100_000,
  });
  return id;
}

async function createCustomer(client: TestClient, name = 'Step-up Customer') {
  const res = await client.post<{ id: string }>('/api/customers', { name });
  expect(res.status).toBe(201);
  return res.body.id;
}

const status = async (id: string) =>
  (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]?.status;

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
      // What the dialog shows: the campaign, its platforms and what it spends (issue 11).
      description: 'Launch campaign Step-up Spring on Meta with a budget of €1,000.00',
    });
    expect(challenge.token).toEqual(expect.any(String));
    expect(await status(id)).toBe('draft');
  });

  it('with the verified token it launches; the token is bound to that campaign and used once', async () => {
    const id = await createDraft(demo);
    const first = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const token = await verifyWith(db, demo, (await challengeOf(first)).token, DEMO_EMAIL);

    // The same token for another campaign: refused as being for something else (issue 11).
    const other = await createDraft(demo);
    const elsewhere = await demo.post(
      `/planning/wizard/${other}/review`,
      { campaignId: other },
      { [STEP_UP_HEADER]: token },
    );
    await challengeOf(elsewhere);
    expect(elsewhere.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect(await status(other)).toBe('draft');

    const launched = await demo.post(
      `/planning/wizard/${id}/review`,
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    expect(launched.status).toBe(200);
    expect(await status(id)).toBe('launching');
  });

  it('a verified token is accepted once: replayed on the same target it is refused', async () => {
    const customer = await createCustomer(demo, 'Replayed Customer');
    const asked = await demo.post('/data/customers/delete', { customerId: customer });
    const token = await verifyWith(db, demo, (await challengeOf(asked)).token, DEMO_EMAIL);
    const [row] = await db.select().from(t.customers).where(eq(t.customers.id, customer));
    const deleted = await demo.post(
      '/data/customers/delete',
      { customerId: customer },
      { [STEP_UP_HEADER]: token },
    );
    expect(deleted.status).toBe(200);
    // The same customer again (same id, same name): the target matches, the token was already used.
    await db.insert(t.customers).values(row!);
    const replay = await demo.post(
      '/data/customers/delete',
      { customerId: customer },
      { [STEP_UP_HEADER]: token },
    );
    await challengeOf(replay);
    expect(replay.body.message).toBe(STEP_UP_MESSAGES.replayed);
    expect((await demo.get(`/data/customers/get?customerId=${customer}`)).status).toBe(200);
  });

  it('a token verified for another action does not delete', async () => {
    const id = await createDraft(demo);
    const launch = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const launchToken = await verifyWith(db, demo, (await challengeOf(launch)).token, DEMO_EMAIL);
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
    const rivalToken = await verifyWith(db, rival, (await challengeOf(asked)).token, RIVAL_EMAIL);
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
    const token = await verifyWith(db, demo, (await challengeOf(asked)).token, DEMO_EMAIL);
    const deleted = await demo.post(
      '/data/campaigns/delete',
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    expect(deleted.status).toBe(200);
    expect(await status(id)).toBe('deleting');

    const customer = await createCustomer(demo);
    const askedCustomer = await demo.delete(`/api/customers/${customer}`);
    const customerToken = await verifyWith(db, demo, (await challengeOf(askedCustomer)).token, DEMO_EMAIL);
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
      currency: 'EUR',
    });
    const busy = await demo.post('/data/customers/delete', { customerId: customer });
    expect(busy.status).toBe(409);
    expect(busy.body.errorCode).toBe('CUSTOMER_HAS_CAMPAIGNS');
    expect(busy.body.challenge).toBeUndefined();
  });
});

/** Issue 11, finding 4: a step-up token is bound to the target (and what was shown of it), not only the action. */
describe('step-up tokens are bound to their target', () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

  it('a token verified for deleting campaign A does not delete campaign B; it still deletes A', async () => {
    const a = await createDraft(demo, 'Spring Launch', ['tiktok', 'meta']);
    const b = await createDraft(demo, 'Autumn Sale', ['meta']);
    const asked = await demo.post('/data/campaigns/delete', { campaignId: a });
    const challenge = await challengeOf(asked);
    expect(challenge.description).toBe('Delete campaign Spring Launch on Meta and TikTok');
    const token = await verifyWith(db, demo, challenge.token, DEMO_EMAIL);
    expect(claimsOf(challenge.token)).toMatchObject({ act: 'deleteCampaign', tgt: `campaign:${a}` });
    expect(claimsOf(token)).toMatchObject({
      act: 'deleteCampaign',
      scope: 'verified',
      tgt: `campaign:${a}`,
      tgh: claimsOf(challenge.token).tgh,
    });

    for (const attempt of [
      () => demo.post('/data/campaigns/delete', { campaignId: b }, { [STEP_UP_HEADER]: token }),
      () => demo.request('DELETE', `/api/campaigns/${b}`, undefined, { [STEP_UP_HEADER]: token }),
    ]) {
      const res = await attempt();
      const fresh = await challengeOf(res);
      expect(res.body.message).toBe(STEP_UP_MESSAGES.mismatch);
      // The fresh challenge names what this request would change.
      expect(fresh.description).toBe('Delete campaign Autumn Sale on Meta');
      expect(claimsOf(fresh.token).tgt).toBe(`campaign:${b}`);
    }
    expect(await status(b)).toBe('draft');

    // The generic DELETE of the same campaign builds the same target: the token opens it, once.
    const removed = await demo.request('DELETE', `/api/campaigns/${a}`, undefined, {
      [STEP_UP_HEADER]: token,
    });
    expect(removed.status).toBe(200);
    expect(await status(a)).toBeUndefined();
  });

  it('a token verified for deleting customer A does not delete customer B; it still deletes A', async () => {
    const a = await createCustomer(demo, 'Northwind');
    const b = await createCustomer(demo, 'Contoso');
    const asked = await demo.request('DELETE', `/api/customers/${a}`);
    const challenge = await challengeOf(asked);
    expect(challenge.description).toBe('Delete customer Northwind');
    const token = await verifyWith(db, demo, challenge.token, DEMO_EMAIL);

    const wrong = await demo.post('/data/customers/delete', { customerId: b }, { [STEP_UP_HEADER]: token });
    expect((await challengeOf(wrong)).description).toBe('Delete customer Contoso');
    expect(wrong.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect((await demo.get(`/data/customers/get?customerId=${b}`)).status).toBe(200);

    const deleted = await demo.post('/data/customers/delete', { customerId: a }, { [STEP_UP_HEADER]: token });
    expect(deleted.status).toBe(200);
    expect((await demo.get(`/data/customers/get?customerId=${a}`)).status).toBe(404);
  });

  it('a token for the same target but another action is refused', async () => {
    const id = await createDraft(demo, 'Both Ways');
    const asked = await demo.post('/data/campaigns/delete', { campaignId: id });
    const deleteToken = await verifyWith(db, demo, (await challengeOf(asked)).token, DEMO_EMAIL);
    const launch = await demo.post(
      `/planning/wizard/${id}/review`,
      { campaignId: id },
      { [STEP_UP_HEADER]: deleteToken },
    );
    await challengeOf(launch);
    expect(launch.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect(await status(id)).toBe('draft');
  });

  it('a launch token is refused once the budget, platforms or name changed after the confirmation', async () => {
    const id = await createDraft(demo, 'Moving Target');
    const asked = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    const token = await verifyWith(db, demo, (await challengeOf(asked)).token, DEMO_EMAIL);
    // A budget change alone would leave the plan's split and flights off (422 first): the name moves.
    const patched = await demo.request('PATCH', `/api/campaigns/${id}`, { name: 'Moved Target' });
    expect(patched.status).toBe(200);
    const res = await demo.post(
      `/planning/wizard/${id}/review`,
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    const fresh = await challengeOf(res);
    expect(res.body.message).toBe(STEP_UP_MESSAGES.mismatch);
    expect(fresh.description).toBe('Launch campaign Moved Target on Meta with a budget of €1,000.00');
    expect(await status(id)).toBe('draft');
  });
});

describe('step-up target descriptions', () => {
  const row = {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Spring Launch',
    platforms: ['tiktok', 'google', 'meta'],
    budgetMinor: 250_000,
    currency: 'USD',
  } as Parameters<typeof campaignTarget>[1];

  it('names the campaign, its platforms in reference order and, for a launch, its budget', () => {
    // contract/reference.ts lists Meta, Google Ads, TikTok in that order.
    expect(campaignTarget(STEP_UP_ACTIONS.resumeCampaign, row).description).toBe(
      'Resume campaign Spring Launch on Meta, Google Ads and TikTok',
    );
    expect(campaignTarget(STEP_UP_ACTIONS.launchCampaign, row).description).toBe(
      'Launch campaign Spring Launch on Meta, Google Ads and TikTok with a budget of US$2,500.00',
    );
    expect(campaignTarget(STEP_UP_ACTIONS.deleteCampaign, { ...row, platforms: [] }).description).toBe(
      'Delete campaign Spring Launch',
    );
    expect(listed(['Meta', 'TikTok'])).toBe('Meta and TikTok');
  });
});

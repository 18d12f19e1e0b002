import { randomUUID } from 'node:crypto';
import type { Campaign, Customer } from '@contract/resources';
import * as t from '@server/db/schema';
import { QUEUES } from '@server/jobs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, TestClient, testApp } from '../support/http';
import { type PlanOptions, planCampaign } from '../support/planning';

/**
 * Spec section 7's campaign and customer calls (no workers run here: jobs are only enqueued), against
 * real PostgreSQL: success, validation and business errors, not found, another tenant's ids, malformed input.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
/** A campaign and a customer of Rival Media: to demo they must not exist. */
let rivalCampaign: typeof t.campaigns.$inferSelect;
let rivalCustomer: typeof t.customers.$inferSelect;
let demoAccountId: string;

const CAMPAIGN_NOT_FOUND = { message: "Sorry, we couldn't find that campaign." };
const CUSTOMER_NOT_FOUND = { message: "Sorry, we couldn't find that customer." };
const NAME_REQUIRED = {
  message: 'Enter a name for the new campaign.',
  validationErrors: { name: { message: 'Enter a name for the new campaign.' } },
};

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  rival = await signedIn(db, 'rival');
  demoAccountId = (await demo.get('/api/auth/user')).body.currentAccount.id;
  const rivalAccountId = (await rival.get('/api/auth/user')).body.currentAccount.id;
  rivalCampaign = (
    await db.select().from(t.campaigns).where(eq(t.campaigns.accountId, rivalAccountId)).limit(1)
  )[0]!;
  rivalCustomer = (
    await db.select().from(t.customers).where(eq(t.customers.accountId, rivalAccountId)).limit(1)
  )[0]!;
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A complete plan (the wizard's steps), so it can launch. */
const PLAN: PlanOptions = {
  objectiveId: 3,
  name: 'Harvest Festival',
  platforms: ['tiktok', 'meta'],
  startDate: future(2),
  endDate: future(20),
  budgetMinor: 250_000,
  currency: 'USD',
};
/** The new-plan body (POST /planning/wizard/new/overview). */
const OVERVIEW = { objectiveId: 3, name: 'Harvest Festival', customerId: null, currency: 'USD' };

async function createDraft(overrides: PlanOptions = {}) {
  return (await planCampaign(demo, { db, ...PLAN, ...overrides })).id;
}
const campaignRow = async (id: string) =>
  (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0];
const setStatus = (id: string, status: string) =>
  db.update(t.campaigns).set({ status }).where(eq(t.campaigns.id, id));
async function jobsFor(id: string) {
  const { rows } = await db.$client.query(
    `SELECT name, state FROM pgboss.job WHERE data->>'campaignId' = $1 ORDER BY created_on`,
    [id],
  );
  return rows as { name: string; state: string }[];
}

/** Ids that name nothing the caller may see, all answered alike. */
const unseen = () => [randomUUID(), 'not-a-uuid', '12345', rivalCampaign.id, rivalCampaign.id.toUpperCase()];

describe('GET /data/campaigns/get', () => {
  it('returns the id, name, status and platforms with display names', async () => {
    const id = await createDraft();
    const res = await demo.get(`/data/campaigns/get?campaignId=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      name: 'Harvest Festival',
      status: 'draft',
      platforms: [
        { key: 'meta', displayName: 'Meta' },
        { key: 'tiktok', displayName: 'TikTok' },
      ],
    });
  });

  it("answers a missing, malformed or another tenant's id with the same 404", async () => {
    for (const id of unseen()) {
      const res = await demo.get(`/data/campaigns/get?campaignId=${encodeURIComponent(id)}`);
      expect([id, res.status, res.body]).toEqual([id, 404, CAMPAIGN_NOT_FOUND]);
    }
    // The rival sees their own campaign.
    expect((await rival.get(`/data/campaigns/get?campaignId=${rivalCampaign.id}`)).status).toBe(200);
  });

  it('needs exactly one campaignId', async () => {
    for (const query of ['', '?campaignId=', '?campaignId=%20', '?campaignid=x']) {
      const res = await demo.get(`/data/campaigns/get${query}`);
      expect(res.status).toBe(400);
      expect(res.body.validationErrors.campaignId.message).toBe('Choose a campaign');
    }
    const id = await createDraft();
    const twice = await demo.get(`/data/campaigns/get?campaignId=${id}&campaignId=${id}`);
    expect(twice.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(testApp(db));
    const res = await anonymous.get(`/data/campaigns/get?campaignId=${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('GET /data/campaigns/detail and /data/campaigns/{id}/platforms', () => {
  it("shows a draft's platforms as pending, never touched", async () => {
    const id = await createDraft();
    const res = await demo.get(`/data/campaigns/detail?campaignId=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      status: 'draft',
      objectiveId: 3,
      budgetMinor: 250_000,
      currency: 'USD',
      failureReason: null,
    });
    const pending = {
      status: 'pending',
      externalId: null,
      lastError: null,
      attempts: 0,
      nextAttemptAt: null,
      updatedAt: null,
    };
    expect(res.body.platforms).toEqual([
      { key: 'meta', displayName: 'Meta', ...pending },
      { key: 'tiktok', displayName: 'TikTok', ...pending },
    ]);
    const platforms = await demo.get(`/data/campaigns/${id}/platforms`);
    expect(platforms.status).toBe(200);
    expect(platforms.body).toEqual(res.body.platforms);
  });

  it('shows the per-platform rows the jobs write, with the first failure as the reason', async () => {
    const id = await createDraft();
    await setStatus(id, 'failed');
    await db.insert(t.campaignPlatforms).values([
      { campaignId: id, platformKey: 'meta', status: 'active', externalId: 'meta_1', attempts: 1 },
      {
        campaignId: id,
        platformKey: 'tiktok',
        status: 'rejected',
        externalId: 'tiktok_1',
        lastError: 'Policy.',
      },
    ]);
    const res = await demo.get(`/data/campaigns/detail?campaignId=${id}`);
    expect(res.body.failureReason).toBe('TikTok: Policy.');
    expect(res.body.platforms.map((p: any) => [p.key, p.status, p.externalId])).toEqual([
      ['meta', 'active', 'meta_1'],
      ['tiktok', 'rejected', 'tiktok_1'],
    ]);
    expect(res.body.platforms[0].updatedAt).toMatch(/Z$/);
  });

  it("answers unknown and another tenant's ids with 404", async () => {
    for (const id of unseen()) {
      const detail = await demo.get(`/data/campaigns/detail?campaignId=${encodeURIComponent(id)}`);
      expect(detail.status).toBe(404);
      expect(detail.body).toEqual(CAMPAIGN_NOT_FOUND);
      const platforms = await demo.get(`/data/campaigns/${encodeURIComponent(id)}/platforms`);
      expect(platforms.status).toBe(404);
      expect(platforms.body).toEqual(CAMPAIGN_NOT_FOUND);
    }
  });
});

describe('POST /data/campaigns/delete', () => {
  it('marks the campaign deleting and queues one durable delete job; asking again changes nothing', async () => {
    const id = await createDraft();
    const res = await demo.post('/data/campaigns/delete', { campaignId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await demo.get<Campaign>(`/api/campaigns/${id}`)).body.status).toBe('deleting');
    expect(await jobsFor(id)).toEqual([{ name: QUEUES.delete, state: 'created' }]);

    const again = await demo.post('/data/campaigns/delete', { campaignId: id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true });
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it('sets every platform of a launched campaign to deleting', async () => {
    const id = await createDraft();
    await setStatus(id, 'active');
    await db.insert(t.campaignPlatforms).values([
      { campaignId: id, platformKey: 'meta', status: 'active', externalId: 'meta_2', attempts: 1 },
      { campaignId: id, platformKey: 'tiktok', status: 'active', externalId: 'tiktok_2', attempts: 1 },
    ]);
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const rows = await db.select().from(t.campaignPlatforms).where(eq(t.campaignPlatforms.campaignId, id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['deleting', 0],
      ['deleting', 0],
    ]);
  });

  it("answers a missing, malformed or another tenant's id with 404 and touches nothing", async () => {
    for (const id of unseen()) {
      const res = await demo.post('/data/campaigns/delete', { campaignId: id });
      expect([id, res.status, res.body]).toEqual([id, 404, CAMPAIGN_NOT_FOUND]);
    }
    expect((await campaignRow(rivalCampaign.id))!.status).toBe(rivalCampaign.status);
    expect(await jobsFor(rivalCampaign.id)).toEqual([]);
  });

  it('refuses malformed bodies with 400 (or 415 when not JSON)', async () => {
    for (const body of [
      {},
      { campaignId: '' },
      { campaignId: '  ' },
      { campaignId: 42 },
      { campaignId: null },
    ]) {
      const res = await demo.post('/data/campaigns/delete', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Choose a campaign',
        validationErrors: { campaignId: { message: 'Choose a campaign' } },
      });
    }
    expect((await demo.post('/data/campaigns/delete', '{"campaignId":')).status).toBe(400);
    expect((await demo.post('/data/campaigns/delete', '[]')).status).toBe(400);
    const text = await demo.post('/data/campaigns/delete', 'campaignId=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
  });
});

describe('POST /data/campaigns/duplicate', () => {
  it('creates a draft copy with the trimmed name and the same objective, customer, platforms, dates, budget', async () => {
    const [customer] = await db
      .select()
      .from(t.customers)
      .where(eq(t.customers.accountId, demoAccountId))
      .limit(1);
    const id = await createDraft({ customerId: customer!.id });
    await setStatus(id, 'active');
    const res = await demo.post('/data/campaigns/duplicate', {
      campaignId: id,
      name: '  Harvest Festival (copy)  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, campaignId: expect.any(String) });
    expect(Object.keys(res.body).sort()).toEqual(['budget', 'campaignId', 'success']);
    expect(res.body.campaignId).not.toBe(id);
    const source = (await demo.get<Campaign>(`/api/campaigns/${id}`)).body;
    const copy = (await demo.get<Campaign>(`/api/campaigns/${res.body.campaignId}`)).body;
    const same = (c: Campaign) => ({
      accountId: c.accountId,
      customerId: c.customerId,
      objectiveId: c.objectiveId,
      startDate: c.startDate,
      endDate: c.endDate,
      budgetMinor: c.budgetMinor,
      currency: c.currency,
      platforms: c.platforms,
    });
    expect(same(copy)).toEqual(same(source));
    expect(copy.customerId).toBe(customer!.id);
    expect(copy.name).toBe('Harvest Festival (copy)');
    expect(copy.status).toBe('draft');
  });

  it('refuses an empty, whitespace-only or missing name with the field hint', async () => {
    const id = await createDraft();
    for (const name of ['', '   ', '\t\n', undefined, null, 7]) {
      const res = await demo.post('/data/campaigns/duplicate', { campaignId: id, name });
      expect([name, res.status, res.body]).toEqual([name, 400, NAME_REQUIRED]);
    }
    const long = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.validationErrors.name.message).toBe('Use at most 200 characters');
    const control = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'a\u0000b' });
    expect(control.status).toBe(400);
  });

  it('refuses to duplicate a campaign being deleted, as a business error', async () => {
    const id = await createDraft();
    await setStatus(id, 'deleting');
    const res = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'Copy' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This campaign is being deleted, so it cannot be duplicated.',
      errorCode: 'CAMPAIGN_BEING_DELETED',
      businessError: { message: 'This campaign is being deleted, so it cannot be duplicated.' },
    });
  });

  it("answers a missing, malformed or another tenant's id with 404 and creates nothing", async () => {
    const before = await db.select({ id: t.campaigns.id }).from(t.campaigns);
    for (const id of unseen()) {
      const res = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'Copy' });
      expect([id, res.status, res.body]).toEqual([id, 404, CAMPAIGN_NOT_FOUND]);
    }
    expect(await db.select({ id: t.campaigns.id }).from(t.campaigns)).toHaveLength(before.length);
  });
});

describe('POST /planning/wizard/{id}/review (launch)', () => {
  it('moves a draft to launching, prepares its platforms and queues one launch job', async () => {
    const id = await createDraft();
    const res = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status: 'launching' });
    expect((await campaignRow(id))!.status).toBe('launching');
    const rows = await db.select().from(t.campaignPlatforms).where(eq(t.campaignPlatforms.campaignId, id));
    expect(rows.map((r) => [r.platformKey, r.status, r.externalId]).sort()).toEqual([
      ['meta', 'pending', null],
      ['tiktok', 'pending', null],
    ]);
    expect(await jobsFor(id)).toEqual([{ name: QUEUES.launch, state: 'created' }]);
  });

  it('launches from failed, keeping what is live and resubmitting what was rejected', async () => {
    const id = await createDraft({ platforms: ['meta', 'tiktok', 'google'] });
    await setStatus(id, 'failed');
    const old = randomUUID();
    await db.insert(t.campaignPlatforms).values([
      { campaignId: id, platformKey: 'meta', status: 'active', externalId: 'meta_3', attempts: 1 },
      {
        campaignId: id,
        platformKey: 'tiktok',
        status: 'rejected',
        externalId: 'tiktok_3',
        lastError: 'No.',
        launchKey: old,
      },
      { campaignId: id, platformKey: 'google', status: 'failed', lastError: 'Expired.', attempts: 1 },
    ]);
    expect((await demo.post(`/planning/wizard/${id}/review`, { campaignId: id })).status).toBe(200);
    const rows = await db.select().from(t.campaignPlatforms).where(eq(t.campaignPlatforms.campaignId, id));
    const byKey = Object.fromEntries(rows.map((r) => [r.platformKey, r]));
    expect(byKey.meta).toMatchObject({ status: 'active', externalId: 'meta_3', attempts: 1 });
    expect(byKey.tiktok).toMatchObject({
      status: 'pending',
      externalId: 'tiktok_3',
      lastError: null,
      attempts: 0,
    });
    expect(byKey.tiktok!.launchKey).not.toBe(old);
    expect(byKey.google).toMatchObject({ status: 'pending', lastError: null, attempts: 0 });
  });

  it('accepts a body without campaignId but refuses one naming another campaign', async () => {
    const id = await createDraft();
    expect((await demo.post(`/planning/wizard/${id}/review`, {})).status).toBe(200);
    const other = await createDraft();
    const res = await demo.post(`/planning/wizard/${other}/review`, { campaignId: id });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.campaignId.message).toBe('campaignId must be the campaign in the path');
    expect((await campaignRow(other))!.status).toBe('draft');
  });

  it('refuses campaigns that are launching, being deleted or past draft/failed, as business errors', async () => {
    const cases: [string, number, string, string][] = [
      ['launching', 409, 'CAMPAIGN_ALREADY_LAUNCHING', 'This campaign is already launching.'],
      [
        'deleting',
        409,
        'CAMPAIGN_BEING_DELETED',
        'This campaign is being deleted, so it cannot be launched.',
      ],
      [
        'active',
        409,
        'CAMPAIGN_NOT_LAUNCHABLE',
        'Only draft or failed campaigns can be launched. This campaign is active.',
      ],
      [
        'completed',
        409,
        'CAMPAIGN_NOT_LAUNCHABLE',
        'Only draft or failed campaigns can be launched. This campaign is completed.',
      ],
    ];
    for (const [status, code, errorCode, message] of cases) {
      const id = await createDraft();
      await setStatus(id, status);
      const res = await demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
      expect([status, res.status, res.body]).toEqual([
        status,
        code,
        { message, errorCode, businessError: { message } },
      ]);
      expect((await campaignRow(id))!.status).toBe(status);
      expect(await jobsFor(id)).toEqual([]);
    }
  });

  it('refuses an incomplete campaign (made through the data API) with 422', async () => {
    const bare = await demo.post<Campaign>('/api/campaigns', { name: 'Bare' });
    const noPlatforms = await demo.post(`/planning/wizard/${bare.body.id}/review`, {});
    expect(noPlatforms.status).toBe(422);
    expect(noPlatforms.body.businessError.message).toBe('Choose at least one platform before launching.');
    await demo.patch(`/api/campaigns/${bare.body.id}`, { platforms: ['meta'] });
    const noDates = await demo.post(`/planning/wizard/${bare.body.id}/review`, {});
    expect(noDates.body.businessError.message).toBe('Set a start and an end date before launching.');
    await demo.patch(`/api/campaigns/${bare.body.id}`, { startDate: future(1), endDate: future(2) });
    const noBudget = await demo.post(`/planning/wizard/${bare.body.id}/review`, {});
    expect(noBudget.status).toBe(422);
    expect(noBudget.body).toMatchObject({
      errorCode: 'CAMPAIGN_INCOMPLETE',
      businessError: { message: 'Set a budget above zero before launching.' },
    });
  });

  it("answers a missing, malformed or another tenant's id with 404 and launches nothing", async () => {
    for (const id of [...unseen(), 'new']) {
      const res = await demo.post(`/planning/wizard/${encodeURIComponent(id)}/review`, {});
      expect([id, res.status, res.body]).toEqual([id, 404, CAMPAIGN_NOT_FOUND]);
    }
    expect((await campaignRow(rivalCampaign.id))!.status).toBe(rivalCampaign.status);
  });

  it('refuses malformed bodies', async () => {
    const id = await createDraft();
    expect((await demo.post(`/planning/wizard/${id}/review`, '{oops')).status).toBe(400);
    expect((await demo.post(`/planning/wizard/${id}/review`, '"x"')).status).toBe(400);
    expect((await demo.post(`/planning/wizard/${id}/review`, { campaignId: 5 })).status).toBe(400);
    expect((await campaignRow(id))!.status).toBe('draft');
  });
});

describe('GET /data/customers/get', () => {
  it('returns the id and name (which may be empty)', async () => {
    const customers = await db.select().from(t.customers).where(eq(t.customers.accountId, demoAccountId));
    for (const customer of customers) {
      const res = await demo.get(`/data/customers/get?customerId=${customer.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: customer.id, name: customer.name });
    }
    expect(customers.some((c) => c.name === '')).toBe(true);
  });

  it("answers a missing, malformed or another tenant's id with the same 404", async () => {
    for (const id of [randomUUID(), 'nope', rivalCustomer.id]) {
      const res = await demo.get(`/data/customers/get?customerId=${id}`);
      expect([id, res.status, res.body]).toEqual([id, 404, CUSTOMER_NOT_FOUND]);
    }
    const missing = await demo.get('/data/customers/get');
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors.customerId.message).toBe('Choose a customer');
  });
});

describe('POST /data/customers/delete', () => {
  it('deletes a customer without campaigns', async () => {
    const created = await demo.post<Customer>('/api/customers', { name: 'Short-lived' });
    const res = await demo.post('/data/customers/delete', { customerId: created.body.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await demo.get(`/api/customers/${created.body.id}`)).status).toBe(404);
  });

  it('refuses while campaigns (including ones being deleted) still name the customer', async () => {
    const customer = (await demo.post<Customer>('/api/customers', { name: 'Busy' })).body;
    const one = await createDraft({ customerId: customer.id });
    const single = await demo.post('/data/customers/delete', { customerId: customer.id });
    expect(single.status).toBe(409);
    expect(single.body).toEqual({
      message: 'This customer still has 1 campaign. Delete it first.',
      errorCode: 'CUSTOMER_HAS_CAMPAIGNS',
      businessError: { message: 'This customer still has 1 campaign. Delete it first.' },
    });
    await createDraft({ customerId: customer.id });
    await createDraft({ customerId: customer.id });
    await setStatus(one, 'deleting');
    const several = await demo.post('/data/customers/delete', { customerId: customer.id });
    expect(several.body.businessError.message).toBe(
      'This customer still has 3 campaigns. Delete them first.',
    );
    expect((await demo.get(`/api/customers/${customer.id}`)).status).toBe(200);

    // Once the campaigns are gone (the delete job removes their rows), the customer can go.
    await db.delete(t.campaigns).where(eq(t.campaigns.customerId, customer.id));
    expect((await demo.post('/data/customers/delete', { customerId: customer.id })).status).toBe(200);
  });

  it("answers a missing, malformed or another tenant's id with 404 and deletes nothing", async () => {
    for (const id of [randomUUID(), 'nope', rivalCustomer.id, rivalCustomer.id.toUpperCase()]) {
      const res = await demo.post('/data/customers/delete', { customerId: id });
      expect([id, res.status, res.body]).toEqual([id, 404, CUSTOMER_NOT_FOUND]);
    }
    expect(await db.select().from(t.customers).where(eq(t.customers.id, rivalCustomer.id))).toHaveLength(1);
    for (const body of [{}, { customerId: '' }, { customerId: ['x'] }]) {
      const res = await demo.post('/data/customers/delete', body);
      expect(res.status).toBe(400);
      expect(res.body.validationErrors.customerId.message).toBe('Choose a customer');
    }
  });
});

describe('POST /planning/wizard/new/overview', () => {
  it('saves a draft with its overview in the current account and answers 201 with its id and plan', async () => {
    const res = await demo.post('/planning/wizard/new/overview', { ...OVERVIEW, name: '  Spaced Out  ' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['campaignId', 'plan']);
    expect(res.body.plan.campaign).toMatchObject({
      id: res.body.campaignId,
      name: 'Spaced Out',
      status: 'draft',
      version: 1,
      objectiveId: 3,
      currency: 'USD',
      customerId: null,
      budgetMinor: 0,
      startDate: null,
      endDate: null,
    });
    expect(res.body.plan).toMatchObject({ platforms: [], allocations: {}, audience: null, flights: [] });
    const saved = (await demo.get<Campaign>(`/api/campaigns/${res.body.campaignId}`)).body;
    expect(saved).toMatchObject({
      accountId: demoAccountId,
      name: 'Spaced Out',
      status: 'draft',
      objectiveId: 3,
      platforms: [],
      currency: 'USD',
      customerId: null,
    });
  });

  it('names each invalid field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Enter a campaign name'],
      [{ name: 'x'.repeat(201) }, 'name', 'Use at most 200 characters'],
      [{ name: undefined }, 'name', 'Enter a campaign name'],
      [{ currency: 'JPY' }, 'currency', 'Choose one of EUR, USD, GBP'],
      [{ objectiveId: undefined }, 'objectiveId', 'Choose an objective'],
      [{ objectiveId: 1.5 }, 'objectiveId', 'Choose an objective'],
      [{ customerId: 'abc' }, 'customerId', 'Choose a customer'],
    ];
    for (const [change, field, message] of cases) {
      const res = await demo.post('/planning/wizard/new/overview', { ...OVERVIEW, ...change });
      expect([field, res.status, res.body.validationErrors?.[field]]).toEqual([field, 400, { message }]);
    }
  });

  it('takes a missing customer as none yet, and refuses fields of other steps instead of dropping them', async () => {
    const { customerId: _, ...withoutCustomer } = OVERVIEW as Record<string, unknown>;
    const none = await demo.post('/planning/wizard/new/overview', {
      ...withoutCustomer,
      name: 'No customer yet',
    });
    expect(none.status, JSON.stringify(none.body)).toBe(201);
    expect(none.body.plan.campaign.customerId).toBeNull();
    const before = (await db.select().from(t.campaigns)).length;
    const extra = await demo.post('/planning/wizard/new/overview', {
      ...OVERVIEW,
      platforms: ['meta'],
      startDate: '2027-01-01',
      budgetMinor: 100,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe(
      'The first save takes the overview only (name, objectiveId, customerId, currency): save platforms, startDate, budgetMinor with their steps',
    );
    expect(Object.keys(extra.body.validationErrors)).toEqual(['platforms', 'startDate', 'budgetMinor']);
    expect((await db.select().from(t.campaigns)).length).toBe(before);
  });

  it("applies the data provider's reference rules: unknown objective, another tenant's customer or account", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ objectiveId: 99 }, 'objectiveId'],
      [{ customerId: rivalCustomer.id }, 'customerId'],
      [{ customerId: randomUUID() }, 'customerId'],
      [{ accountId: rivalCampaign.accountId }, 'accountId'],
    ];
    for (const [change, field] of cases) {
      const res = await demo.post('/planning/wizard/new/overview', { ...OVERVIEW, ...change });
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body.validationErrors).toHaveProperty(field);
    }
    const foreign = await demo.post('/planning/wizard/new/overview', {
      ...OVERVIEW,
      customerId: rivalCustomer.id,
    });
    const missing = await demo.post('/planning/wizard/new/overview', {
      ...OVERVIEW,
      customerId: randomUUID(),
    });
    expect(foreign.body).toEqual(missing.body);
    const saved = await db
      .select()
      .from(t.campaigns)
      .where(and(eq(t.campaigns.accountId, demoAccountId), eq(t.campaigns.objectiveId, 99)));
    expect(saved).toEqual([]);
  });
});

describe('every call', () => {
  const calls: [string, string][] = [
    ['GET', '/data/campaigns/get?campaignId=x'],
    ['GET', '/data/campaigns/detail?campaignId=x'],
    ['GET', `/data/campaigns/${randomUUID()}/platforms`],
    ['POST', '/data/campaigns/delete'],
    ['POST', '/data/campaigns/duplicate'],
    ['POST', `/planning/wizard/${randomUUID()}/review`],
    ['GET', '/data/customers/get?customerId=x'],
    ['POST', '/data/customers/delete'],
    ['POST', '/planning/wizard/new/overview'],
  ];

  it('answers 405 with Allow to other methods', async () => {
    for (const [method, path] of calls) {
      const other = method === 'GET' ? 'POST' : 'GET';
      const res = await demo.request(other, path, other === 'POST' ? {} : undefined);
      expect([path, res.status, res.headers.get('allow')]).toEqual([path, 405, method]);
    }
    expect((await demo.put('/data/campaigns/delete', {})).status).toBe(405);
  });

  it('needs a session (401) and a current account (409)', async () => {
    const anonymous = new TestClient(testApp(db));
    for (const [method, path] of calls) {
      const res = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect([path, res.status]).toEqual([path, 401]);
    }
    const accountless = await signedIn(db, 'rival');
    const user = (await accountless.get('/api/auth/user')).body;
    const setAccount = (accountId: string | null) =>
      db.execute(
        sql`UPDATE sessions SET current_account_id = ${accountId}::uuid WHERE user_id = ${user.id}::uuid`,
      );
    await setAccount(null);
    for (const [method, path] of calls) {
      const res = await accountless.request(method, path, method === 'POST' ? {} : undefined);
      expect([path, res.status, res.body.errorCode]).toEqual([path, 409, 'ACCOUNT_REQUIRED']);
    }
    await setAccount(user.currentAccount.id);
  });

  it('never answers 500 to odd input', async () => {
    const odd: unknown[] = [
      { campaignId: { $ne: null } },
      { campaignId: ['a', 'b'] },
      { campaignId: 'x'.repeat(10_000), name: 'n' },
      { campaignId: "'; DROP TABLE campaigns; --", name: 'n' },
      { campaignId: '\u0000', customerId: '\u0000' },
      { customerId: 1e308 },
      { objectiveId: 2 ** 40, platforms: 'meta', budgetMinor: '100' },
      { name: 'n', platforms: [null], startDate: 20260101 },
    ];
    for (const [method, path] of calls) {
      if (method !== 'POST') continue;
      for (const body of odd) {
        const res = await demo.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      }
    }
    for (const id of ['%00', '%27%3B', 'x'.repeat(5000), '..%2F..']) {
      for (const path of [
        '/data/campaigns/get?campaignId=',
        '/data/campaigns/detail?campaignId=',
        '/data/customers/get?customerId=',
      ]) {
        const res = await demo.get(`${path}${id}`);
        expect(res.status, path + id.slice(0, 20)).toBeLessThan(500);
      }
      expect((await demo.get(`/data/campaigns/${id}/platforms`)).status).toBeLessThan(500);
      expect((await demo.post(`/planning/wizard/${id}/review`, {})).status).toBeLessThan(500);
    }
  });

  it('refuses cross-site writes (CSRF) before doing anything', async () => {
    const id = await createDraft();
    const res = await demo.post(
      '/data/campaigns/delete',
      { campaignId: id },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await campaignRow(id))!.status).toBe('draft');
    expect(ORIGIN).toBe('http://localhost');
  });
});

describe('DELETE /api/campaigns/:id (the generic data provider)', () => {
  it('deletes a draft that never reached a platform', async () => {
    const id = await createDraft();
    expect((await demo.delete(`/api/campaigns/${id}`)).status).toBe(200);
    expect(await campaignRow(id)).toBeUndefined();
  });

  it('refuses a launched campaign with a business error, so its ad campaigns are not orphaned', async () => {
    const id = await createDraft();
    expect((await demo.post(`/planning/wizard/${id}/review`, { campaignId: id })).status).toBe(200);
    const res = await demo.delete(`/api/campaigns/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('CAMPAIGN_ON_PLATFORMS');
    expect(res.body.businessError.message).toMatch(/POST \/data\/campaigns\/delete/);
    expect((await campaignRow(id))!.status).toBe('launching');
  });
});

describe('PATCH /api/campaigns/:id while a job works on it', () => {
  it('refuses changes to a launching campaign and changes nothing', async () => {
    const id = await createDraft();
    expect((await demo.post(`/planning/wizard/${id}/review`, { campaignId: id })).status).toBe(200);
    const res = await demo.patch(`/api/campaigns/${id}`, { name: 'Renamed' });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('CAMPAIGN_BUSY');
    expect(res.body.businessError.message).toBe(
      'This campaign is being launched. Try again when that has finished.',
    );
    const row = await campaignRow(id);
    expect([row!.status, row!.name === 'Renamed']).toEqual(['launching', false]);
  });
});

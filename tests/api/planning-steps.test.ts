import { randomUUID } from 'node:crypto';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import { addDays, type Plan, todayUtc } from '@contract/planning';
import { isServerRoute } from '@server/app';
import { settleCampaign } from '@server/campaignRules/lifecycle';
import * as t from '@server/db/schema';
import { CampaignJobs } from '@server/jobs';
import { movePlacement } from '@server/jobs/common';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';
import { AUDIENCE, future, oneFlightEach, planCampaign, testConnectors } from '../support/planning';

/**
 * The media plan's step saves against real PostgreSQL: each step's valid save, its invalid fields (400
 * at the field's dot path), foreign ids (404), stale versions (409), lifecycle locks (409), concurrent
 * saves; the bookings that schedules make and the lifecycle moves; the launch gate; the drawdown.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let customerId: string;
let rivalCampaignId: string;
let rivalCustomerId: string;

beforeAll(async () => {
  // Fixed rules (TEST_RULES), so these tests name the rules they break whatever the sandbox's data says.
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival', { connectors: testConnectors(db) });
  customerId = (await demo.get<{ id: string }[]>('/api/customers?_end=1')).body[0]!.id;
  rivalCampaignId = (await rival.get<{ id: string }[]>('/api/campaigns?_end=1')).body[0]!.id;
  rivalCustomerId = (await rival.get<{ id: string }[]>('/api/customers?_end=1')).body[0]!.id;
});

const JSON_ACCEPT = { accept: 'application/json' };
const NOT_FOUND = { message: CAMPAIGN_NOT_FOUND_MESSAGE };
const getPlan = async (id: string) => (await demo.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT)).body;
const put = (id: string, step: string, body: Record<string, unknown>, client = demo) =>
  client.put(`/planning/wizard/${id}/${step}`, body);
const setStatus = (id: string, status: string) =>
  db.update(t.campaigns).set({ status }).where(eq(t.campaigns.id, id));
const bookingsOf = (id: string) =>
  db.select().from(t.bookings).where(eq(t.bookings.campaignId, id)).orderBy(t.bookings.startDate);

function platformsBody(plan: Plan, changes: Record<string, unknown> = {}) {
  return {
    version: plan.campaign.version,
    platforms: plan.platforms,
    budgetMinor: plan.campaign.budgetMinor,
    splitMode: plan.campaign.splitMode,
    allocations: plan.allocations,
    ...changes,
  };
}
const scheduleBody = (plan: Plan, changes: Record<string, unknown> = {}) => ({
  version: plan.campaign.version,
  startDate: plan.campaign.startDate,
  endDate: plan.campaign.endDate,
  flights: plan.flights.map(({ bookingId: _b, bookingStatus: _s, ...f }) => f),
  ...changes,
});

/** Every path of `cases` answers 400 naming it. */
async function expectRefused(id: string, step: string, cases: [Record<string, unknown>, string][]) {
  for (const [body, path] of cases) {
    const res = await put(id, step, body);
    expect([path, res.status], JSON.stringify(res.body)).toEqual([path, 400]);
    expect(res.body.validationErrors, path).toHaveProperty([path]);
  }
}

describe('GET /planning/wizard/{id}', () => {
  it('answers the plan as JSON when asked for JSON, and leaves page loads to the app', async () => {
    const { id, plan } = await planCampaign(demo, { db, customerId });
    const res = await demo.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.body).toEqual(plan);
    expect(res.body.editableSteps).toEqual([
      'overview',
      'platforms',
      'audience',
      'schedule',
      'creative',
      'review',
    ]);
    expect(res.body.lockReason).toBeNull();
    const page = await demo.get(`/planning/wizard/${id}`, { accept: 'text/html,application/json;q=0.9' });
    expect(page.status).toBe(404); // not the API's: the browser app answers it (server/main.ts)
    expect(page.headers.get('vary')).toBe('Accept');
  });

  it('is routed to the API only when it asks for JSON (server/main.ts)', () => {
    expect(isServerRoute('GET', '/planning/wizard/abc', 'application/json')).toBe(true);
    expect(isServerRoute('GET', '/planning/wizard/abc', 'text/html,application/xhtml+xml,*/*')).toBe(false);
    expect(isServerRoute('GET', '/planning/wizard/abc')).toBe(false);
    expect(isServerRoute('PUT', '/planning/wizard/abc/schedule')).toBe(true);
  });

  it('a PATCH of the campaign is a new version too: a wizard on the old one is told', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'overview' });
    expect((await demo.patch(`/api/campaigns/${id}`, { name: 'Patched' })).status).toBe(200);
    expect((await getPlan(id)).campaign.version).toBe(plan.campaign.version + 1);
    const stale = await put(id, 'overview', {
      version: plan.campaign.version,
      name: 'Wizard',
      objectiveId: 2,
      customerId: null,
      currency: 'EUR',
    });
    expect(stale.status).toBe(409);
  });

  it("answers a missing, malformed or another tenant's id with 404", async () => {
    for (const id of [randomUUID(), 'not-a-uuid', rivalCampaignId]) {
      const res = await demo.get(`/planning/wizard/${id}`, JSON_ACCEPT);
      expect([id, res.status, res.body]).toEqual([id, 404, NOT_FOUND]);
    }
  });

  it('says which steps a live campaign can change, and which a completed one keeps', async () => {
    const { id } = await planCampaign(demo, { db });
    await setStatus(id, 'active');
    const plan = await getPlan(id);
    // A live campaign's steps make its next change (issue 28); its budget assignment stays.
    expect(plan.editableSteps).toEqual(['overview', 'platforms', 'audience', 'schedule', 'creative']);
    expect(plan.lockReason).toMatch(
      /^This campaign is active: its objective, currency, start date and budget stay as launched/,
    );
    await setStatus(id, 'completed');
    const done = await getPlan(id);
    expect(done.editableSteps).toEqual(['overview']);
    expect(done.lockReason).toMatch(/^This campaign is completed, so its .* cannot change/);
  });
});

describe('every step save', () => {
  /** A valid body of each step for `plan` (its own values sent back). */
  const bodies = (plan: Plan): [string, Record<string, unknown>][] => [
    [
      'overview',
      {
        version: plan.campaign.version,
        name: plan.campaign.name,
        objectiveId: plan.campaign.objectiveId,
        customerId: plan.campaign.customerId,
        currency: plan.campaign.currency,
      },
    ],
    ['platforms', platformsBody(plan)],
    ['audience', { version: plan.campaign.version, ...plan.audience }],
    ['schedule', scheduleBody(plan)],
    ['creative', { version: plan.campaign.version, ads: plan.ads }],
    ['budget', { version: plan.campaign.version, budgetId: null, overBudgetConfirmed: false }],
  ];

  it("answers another tenant's, a missing or a malformed id with 404 and changes nothing", async () => {
    const { plan } = await planCampaign(demo, { db });
    const before = await db.select().from(t.campaigns).where(eq(t.campaigns.id, rivalCampaignId));
    for (const [step, body] of bodies(plan)) {
      for (const id of [rivalCampaignId, randomUUID(), 'x'.repeat(40)]) {
        const res = await put(id, step, { ...body, version: before[0]!.version });
        expect([step, id, res.status, res.body]).toEqual([step, id, 404, NOT_FOUND]);
      }
    }
    expect(await db.select().from(t.campaigns).where(eq(t.campaigns.id, rivalCampaignId))).toEqual(before);
  });

  it('saves each step as sent (version + 1), and refuses each with a stale version (409)', async () => {
    const { id, plan } = await planCampaign(demo, { db });
    let version = plan.campaign.version;
    for (const [step, body] of bodies(plan)) {
      const saved = await put(id, step, { ...body, version });
      expect([step, saved.status]).toEqual([step, 200]);
      expect(saved.body.campaign.version).toBe(version + 1);
      const stale = await put(id, step, { ...body, version });
      expect([step, stale.status, stale.body.errorCode]).toEqual([step, 409, 'PLAN_VERSION_CONFLICT']);
      version += 1;
    }
  });

  it('refuses every step while a job works on the campaign (409 CAMPAIGN_BUSY)', async () => {
    const { id, plan } = await planCampaign(demo, { db });
    for (const status of ['launching', 'pausing', 'resuming', 'deleting']) {
      await setStatus(id, status);
      for (const [step, body] of bodies(plan)) {
        const res = await put(id, step, body);
        expect([status, step, res.status, res.body.errorCode]).toEqual([status, step, 409, 'CAMPAIGN_BUSY']);
      }
    }
    expect((await getPlan(id)).campaign.version).toBe(plan.campaign.version);
  });

  it('answers 405 to other methods, 415 to a body that is not JSON', async () => {
    const { id } = await planCampaign(demo, { db, until: 'overview' });
    const post = await demo.post(`/planning/wizard/${id}/schedule`, {});
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'PUT']);
    const text = await demo.request('PUT', `/planning/wizard/${id}/schedule`, 'x', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
    expect((await demo.post(`/api/budgets/${randomUUID()}/drawdown`, {})).status).toBe(405);
  });
});

describe('PUT /planning/wizard/{id}/overview', () => {
  it('saves name, objective, customer and currency, bumps the version and renames the bookings', async () => {
    const { id, plan } = await planCampaign(demo, { db, name: 'Before' });
    const res = await put(id, 'overview', {
      version: plan.campaign.version,
      name: ' After ',
      objectiveId: 3,
      customerId,
      currency: 'GBP',
    });
    expect(res.status).toBe(200);
    expect(res.body.campaign).toMatchObject({
      name: 'After',
      objectiveId: 3,
      customerId,
      currency: 'GBP',
      version: plan.campaign.version + 1,
    });
    const booked = await bookingsOf(id);
    expect(booked.map((b) => [b.name, b.currency])).toEqual(
      expect.arrayContaining([
        ['After · Meta · flight 1', 'GBP'],
        ['After · Google Ads · flight 1', 'GBP'],
      ]),
    );
  });

  it('names each invalid field', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'overview' });
    const valid = {
      version: plan.campaign.version,
      name: 'n',
      objectiveId: 2,
      customerId: null,
      currency: 'EUR',
    };
    await expectRefused(id, 'overview', [
      [{ ...valid, name: ' ' }, 'name'],
      [{ ...valid, objectiveId: 99 }, 'objectiveId'],
      [{ ...valid, currency: 'JPY' }, 'currency'],
      [{ ...valid, customerId: 'x' }, 'customerId'],
      [{ ...valid, customerId: rivalCustomerId }, 'customerId'],
      [{ ...valid, customerId: randomUUID() }, 'customerId'],
      [{ ...valid, version: undefined }, 'version'],
      [{ ...valid, version: 0 }, 'version'],
    ]);
    expect((await getPlan(id)).campaign.version).toBe(plan.campaign.version);
  });

  it("answers another tenant's plan like a missing one and changes nothing", async () => {
    for (const id of [rivalCampaignId, randomUUID(), 'nope']) {
      const res = await put(id, 'overview', {
        version: 1,
        name: 'x',
        objectiveId: 2,
        customerId: null,
        currency: 'EUR',
      });
      expect([id, res.status, res.body]).toEqual([id, 404, NOT_FOUND]);
    }
  });

  it('refuses a stale version with 409 PLAN_VERSION_CONFLICT', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'overview' });
    const body = {
      version: plan.campaign.version,
      name: 'One',
      objectiveId: 2,
      customerId: null,
      currency: 'EUR',
    };
    expect((await put(id, 'overview', body)).status).toBe(200);
    const stale = await put(id, 'overview', { ...body, name: 'Two' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'This plan was changed elsewhere',
      errorCode: 'PLAN_VERSION_CONFLICT',
    });
    expect((await getPlan(id)).campaign.name).toBe('One');
  });

  it('lets a live campaign be renamed, not re-targeted; a busy one not at all', async () => {
    const { id, plan } = await planCampaign(demo, { db });
    await setStatus(id, 'active');
    const body = {
      version: plan.campaign.version,
      name: 'Live rename',
      objectiveId: plan.campaign.objectiveId,
      customerId: plan.campaign.customerId,
      currency: plan.campaign.currency,
    };
    const renamed = await put(id, 'overview', body);
    expect(renamed.status).toBe(200);
    const objective = await put(id, 'overview', { ...body, version: body.version + 1, objectiveId: 6 });
    expect(objective.status).toBe(409);
    expect(objective.body.errorCode).toBe('CAMPAIGN_FIELD_LOCKED');
    expect(objective.body.businessError.message).toMatch(/objective cannot change/);
    await setStatus(id, 'launching');
    const busy = await put(id, 'overview', { ...body, version: body.version + 1, name: 'Busy' });
    expect(busy.status).toBe(409);
    expect(busy.body.errorCode).toBe('CAMPAIGN_BUSY');
  });
});

describe('PUT /planning/wizard/{id}/platforms', () => {
  it('saves platforms, total, split and allocations in order', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'overview' });
    const res = await put(id, 'platforms', {
      version: plan.campaign.version,
      platforms: ['tiktok', 'meta'],
      budgetMinor: 100_000,
      splitMode: 'percent',
      allocations: {
        tiktok: { amountMinor: 25_000, bidStrategy: 'cost_cap', costCapMinor: 500 },
        meta: { amountMinor: 75_000, bidStrategy: 'lowest_cost', costCapMinor: 999 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.platforms).toEqual(['tiktok', 'meta']);
    expect(res.body.campaign).toMatchObject({ budgetMinor: 100_000, splitMode: 'percent' });
    expect(res.body.allocations).toEqual({
      tiktok: { amountMinor: 25_000, bidStrategy: 'cost_cap', costCapMinor: 500 },
      // A cost cap means nothing with lowest cost: it is not kept.
      meta: { amountMinor: 75_000, bidStrategy: 'lowest_cost', costCapMinor: null },
    });
    const row = (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!;
    expect([row.platforms, row.budgetMinor]).toEqual([['tiktok', 'meta'], 100_000]);
  });

  it('names each invalid field', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'overview' });
    const base = {
      version: plan.campaign.version,
      platforms: ['meta', 'linkedin'],
      budgetMinor: 100_000,
      splitMode: 'amount',
      allocations: {
        meta: { amountMinor: 50_000, bidStrategy: 'lowest_cost', costCapMinor: null },
        linkedin: { amountMinor: 50_000, bidStrategy: 'lowest_cost', costCapMinor: null },
      },
    };
    const allocation = (key: string, changes: Record<string, unknown>) => ({
      ...base,
      allocations: { ...base.allocations, [key]: { ...base.allocations.meta, ...changes } },
    });
    await expectRefused(id, 'platforms', [
      [{ ...base, platforms: [] }, 'platforms'],
      [{ ...base, platforms: ['meta', 'meta'] }, 'platforms'],
      [{ ...base, platforms: ['meta', 'myspace'] }, 'platforms'],
      [{ ...base, budgetMinor: 0 }, 'budgetMinor'],
      [{ ...base, budgetMinor: 120_000 }, 'budgetMinor'],
      [{ ...base, splitMode: 'dice' }, 'splitMode'],
      [allocation('meta', { amountMinor: -1 }), 'allocations.meta.amountMinor'],
      [allocation('meta', { bidStrategy: 'cost_cap', costCapMinor: null }), 'allocations.meta.costCapMinor'],
      [
        allocation('linkedin', { bidStrategy: 'cost_cap', costCapMinor: 100 }),
        'allocations.linkedin.bidStrategy',
      ],
      [{ ...base, allocations: { meta: base.allocations.meta } }, 'allocations.linkedin.amountMinor'],
    ]);
  });

  it('removing a platform removes its flights (bookings cancelled) and its interests', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      platforms: ['meta', 'google'],
      audience: { ...AUDIENCE, interests: { meta: ['6003639161770'], google: ['97160'] } },
    });
    expect((await bookingsOf(id)).map((b) => b.status)).toEqual(['tentative', 'tentative']);
    const res = await put(
      id,
      'platforms',
      platformsBody(plan, {
        platforms: ['meta'],
        allocations: { meta: { ...plan.allocations.meta!, amountMinor: plan.campaign.budgetMinor } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.flights.map((f: { platform: string }) => f.platform)).toEqual(['meta']);
    expect(res.body.audience.interests).toEqual({ meta: ['6003639161770'] });
    const booked = await bookingsOf(id);
    expect(booked.map((b) => [b.platformKey, b.status]).sort()).toEqual([
      ['google', 'cancelled'],
      ['meta', 'tentative'],
    ]);
    expect(booked.find((b) => b.platformKey === 'google')!.amountMinor).toBe(150_000);
  });
});

describe('PUT /planning/wizard/{id}/audience', () => {
  it('saves the audience, interests per platform of the plan', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'platforms' });
    const audience = {
      ...AUDIENCE,
      genders: ['female'],
      interests: { meta: ['6003639161770', '6003130251362'] },
    };
    const res = await put(id, 'audience', { version: plan.campaign.version, ...audience });
    expect(res.status).toBe(200);
    expect(res.body.audience).toEqual(audience);
    const again = await put(id, 'audience', { version: res.body.campaign.version, ...AUDIENCE });
    expect(again.body.audience).toEqual(AUDIENCE);
  });

  it("refuses an interest the platform's taxonomy does not have, naming it, and saves nothing", async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'platforms' });
    const res = await put(id, 'audience', {
      version: plan.campaign.version,
      ...AUDIENCE,
      interests: { meta: ['6003000000000'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors['interests.meta']).toEqual({
      message: 'Meta has no interest 6003000000000: choose interests from its list',
    });
    expect((await getPlan(id)).audience).toBeNull();
  });

  it('names each invalid field', async () => {
    const { id, plan } = await planCampaign(demo, { db, until: 'platforms' });
    const base = { version: plan.campaign.version, ...AUDIENCE };
    await expectRefused(id, 'audience', [
      [{ ...base, locations: [] }, 'locations'],
      [{ ...base, locations: ['XX'] }, 'locations'],
      [{ ...base, ageMin: 12 }, 'ageMin'],
      [{ ...base, ageMin: 40, ageMax: 30 }, 'ageMax'],
      [{ ...base, genders: ['other'] }, 'genders.0'],
      [{ ...base, languages: ['xx'] }, 'languages'],
      [{ ...base, interests: { tiktok: ['1'] } }, 'interests.tiktok'],
      [{ ...base, interests: { meta: ['no spaces allowed'] } }, 'interests.meta'],
      // Well-formed, but not in Meta's taxonomy: the connector is asked before the row is locked.
      [{ ...base, interests: { meta: ['6003639161770', '6003000000000'] } }, 'interests.meta'],
      [{ ...base, interests: { meta: Array.from({ length: 11 }, (_, i) => `i${i}`) } }, 'interests.meta'],
    ]);
    // Leads campaigns start at 18 on every platform of the test rules.
    const leads = await planCampaign(demo, { db, objectiveId: 4, until: 'platforms' });
    const young = await put(leads.id, 'audience', {
      version: leads.plan.campaign.version,
      ...AUDIENCE,
      ageMin: 16,
    });
    expect(young.status).toBe(400);
    expect(young.body.validationErrors.ageMin.message).toMatch(/18 and over/);
  });
});

describe('PUT /planning/wizard/{id}/schedule', () => {
  it('creates one tentative booking per flight, updates kept flights and cancels removed ones', async () => {
    const start = future(3);
    const end = future(32);
    const { id, plan } = await planCampaign(demo, {
      db,
      name: 'Bookings',
      platforms: ['meta'],
      budgetMinor: 100_000,
      startDate: start,
      endDate: end,
      until: 'audience',
    });
    const mid = addDays(start, 14);
    const two = await put(id, 'schedule', {
      version: plan.campaign.version,
      startDate: start,
      endDate: end,
      flights: [
        { platform: 'meta', startDate: start, endDate: mid, amountMinor: 60_000, pacing: 'even' },
        {
          platform: 'meta',
          startDate: addDays(mid, 1),
          endDate: end,
          amountMinor: 40_000,
          pacing: 'front_loaded',
        },
      ],
    });
    expect(two.status).toBe(200);
    const [first, second] = two.body.flights as Plan['flights'];
    expect([first!.bookingStatus, second!.bookingStatus]).toEqual(['tentative', 'tentative']);
    let booked = await bookingsOf(id);
    expect(booked.map((b) => [b.name, b.status, b.amountMinor, b.startDate, b.endDate, b.flightId])).toEqual([
      ['Bookings · Meta · flight 1', 'tentative', 60_000, start, mid, first!.id],
      ['Bookings · Meta · flight 2', 'tentative', 40_000, addDays(mid, 1), end, second!.id],
    ]);

    // The second flight kept (its id), grown to the whole allocation; the first removed.
    const one = await put(id, 'schedule', {
      version: two.body.campaign.version,
      startDate: start,
      endDate: end,
      flights: [
        {
          id: second!.id,
          platform: 'meta',
          startDate: start,
          endDate: end,
          amountMinor: 100_000,
          pacing: 'even',
        },
      ],
    });
    expect(one.status).toBe(200);
    expect(one.body.flights.map((f: { id: string }) => f.id)).toEqual([second!.id]);
    booked = await bookingsOf(id);
    expect(booked.map((b) => [b.name, b.status, b.amountMinor])).toEqual([
      ['Bookings · Meta · flight 1', 'cancelled', 60_000],
      ['Bookings · Meta · flight 1', 'tentative', 100_000],
    ]);
    expect(booked[0]!.flightId).toBeNull();
    expect(booked[1]!.id).toBe(second!.bookingId);
    const row = (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!;
    expect([row.startDate, row.endDate]).toEqual([start, end]);
  });

  it("treats another plan's flight id as a new flight", async () => {
    const other = await planCampaign(demo, { db });
    const { id, plan } = await planCampaign(demo, { db, until: 'audience' });
    const flights = oneFlightEach(plan, future(2), future(31)).map((f, i) => ({
      ...f,
      id: other.plan.flights[i]!.id,
    }));
    const res = await put(id, 'schedule', {
      version: plan.campaign.version,
      startDate: future(2),
      endDate: future(31),
      flights,
    });
    expect(res.status).toBe(200);
    const ids = res.body.flights.map((f: { id: string }) => f.id);
    expect(ids).not.toContain(other.plan.flights[0]!.id);
    expect((await getPlan(other.id)).flights).toEqual(other.plan.flights);
  });

  it('names each invalid field', async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta', 'google'] });
    const base = scheduleBody(plan);
    const flight = (i: number, changes: Record<string, unknown>) => ({
      ...base,
      flights: base.flights.map((f, j) => (j === i ? { ...f, ...changes } : f)),
    });
    await expectRefused(id, 'schedule', [
      [{ ...base, startDate: addDays(todayUtc(), -1) }, 'startDate'],
      [{ ...base, startDate: '2026-02-30' }, 'startDate'],
      [{ ...base, endDate: addDays(base.startDate!, -1) }, 'endDate'],
      [flight(0, { amountMinor: 1 }), 'flightTotals.meta'],
      [flight(1, { endDate: addDays(base.endDate!, 1) }), 'flights.1.endDate'],
      [flight(0, { platform: 'tiktok' }), 'flights.0.platform'],
      [flight(0, { pacing: 'fast' }), 'flights.0.pacing'],
      [flight(0, { id: 'nope' }), 'flights.0.id'],
      [{ ...base, flights: base.flights.slice(1) }, 'flightTotals.meta'],
    ]);
    const saved = await getPlan(id);
    expect(saved.flights).toEqual(plan.flights);
  });

  it('of two saves on one version exactly one wins', async () => {
    const { id, plan } = await planCampaign(demo, { db });
    const results = await Promise.all([
      put(id, 'schedule', scheduleBody(plan)),
      put(id, 'audience', { version: plan.campaign.version, ...AUDIENCE, ageMin: 30 }),
      put(id, 'overview', {
        version: plan.campaign.version,
        name: 'Racer',
        objectiveId: 2,
        customerId: plan.campaign.customerId,
        currency: 'EUR',
      }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect((await getPlan(id)).campaign.version).toBe(plan.campaign.version + 1);
  });

  it('is locked on a completed campaign; a paused one keeps its budget assignment', async () => {
    const { id, plan } = await planCampaign(demo, { db });
    await setStatus(id, 'completed');
    for (const [step, body] of [
      ['schedule', scheduleBody(plan)],
      ['platforms', platformsBody(plan)],
      ['audience', { version: plan.campaign.version, ...AUDIENCE }],
      ['budget', { version: plan.campaign.version, budgetId: null, overBudgetConfirmed: false }],
    ] as const) {
      const res = await put(id, step, body);
      expect([step, res.status, res.body.errorCode]).toEqual([step, 409, 'CAMPAIGN_FIELD_LOCKED']);
    }
    await setStatus(id, 'paused');
    const budget = await put(id, 'budget', {
      version: plan.campaign.version,
      budgetId: null,
      overBudgetConfirmed: false,
    });
    expect([budget.status, budget.body.errorCode]).toEqual([409, 'CAMPAIGN_FIELD_LOCKED']);
    // Its schedule saves into the change (tests/api/live-change.test.ts).
    expect((await put(id, 'schedule', scheduleBody(plan))).status).toBe(200);
  });
});

describe('budgets: PUT /planning/wizard/{id}/budget and GET /api/budgets/{id}/drawdown', () => {
  async function budget(changes: Record<string, unknown> = {}) {
    const res = await demo.post<{ id: string }>('/api/budgets', {
      name: `Budget ${randomUUID().slice(0, 6)}`,
      customerId,
      periodStart: todayUtc(),
      periodEnd: future(60),
      amountMinor: 1_000_000,
      currency: 'EUR',
      ...changes,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('offers the budgets that fit and assigns one; the drawdown counts its bookings', async () => {
    const fitting = await budget();
    const otherCurrency = await budget({ currency: 'USD' });
    const tooShort = await budget({ periodEnd: future(10) });
    const { id, plan } = await planCampaign(demo, { db, customerId, budgetMinor: 300_000 });
    const offered = plan.budgetOptions.map((o) => o.id);
    expect(offered).toContain(fitting);
    expect(offered).not.toContain(otherCurrency);
    expect(offered).not.toContain(tooShort);
    for (const wrong of [otherCurrency, tooShort, randomUUID()]) {
      const res = await put(id, 'budget', {
        version: plan.campaign.version,
        budgetId: wrong,
        overBudgetConfirmed: false,
      });
      expect([wrong, res.status]).toEqual([wrong, 400]);
      expect(res.body.validationErrors).toHaveProperty('budgetId');
    }
    const res = await put(id, 'budget', {
      version: plan.campaign.version,
      budgetId: fitting,
      overBudgetConfirmed: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.budgetFit).toMatchObject({
      planMinor: 300_000,
      leftAfterMinor: 700_000,
      over: false,
      overBudgetConfirmedAt: null,
      budget: { id: fitting, committedElsewhereMinor: 0 },
    });

    const drawdown = await demo.get(`/api/budgets/${fitting}/drawdown`);
    expect(drawdown.status).toBe(200);
    expect(drawdown.body).toMatchObject({
      budget: { id: fitting, amountMinor: 1_000_000, currency: 'EUR', customerId },
      committedMinor: 300_000,
      remainingMinor: 700_000,
      campaigns: [{ id, planMinor: 300_000, committedMinor: 300_000, status: 'draft' }],
    });
    expect(drawdown.body.bookings).toHaveLength(2);

    // While a plan draws on it, the budget keeps its customer and currency; its name and amount may change.
    const otherCustomer = await demo.post<{ id: string }>('/api/customers', { name: 'Another client' });
    for (const change of [{ customerId: otherCustomer.body.id }, { currency: 'USD' }]) {
      const refused = await demo.patch(`/api/budgets/${fitting}`, change);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorCode: 'BUDGET_IN_USE' });
    }
    expect((await demo.patch(`/api/budgets/${fitting}`, { name: 'Renamed budget' })).status).toBe(200);
    expect((await demo.get<{ customerId: string }>(`/api/budgets/${fitting}`)).body.customerId).toBe(
      customerId,
    );

    // Another plan on the same budget sees this one as committed elsewhere.
    const second = await planCampaign(demo, { db, customerId, budgetMinor: 800_000 });
    const option = second.plan.budgetOptions.find((o) => o.id === fitting)!;
    expect(option.committedElsewhereMinor).toBe(300_000);

    for (const wrong of [randomUUID(), 'x']) {
      expect((await demo.get(`/api/budgets/${wrong}/drawdown`)).status).toBe(404);
    }
    expect((await rival.get(`/api/budgets/${fitting}/drawdown`)).status).toBe(404);
  });

  it('launch is refused over budget until the planner confirms; a new total clears the confirmation', async () => {
    const small = await budget({ amountMinor: 200_000 });
    const { id, plan } = await planCampaign(demo, { db, customerId, budgetMinor: 300_000 });
    const assigned = await put(id, 'budget', {
      version: plan.campaign.version,
      budgetId: small,
      overBudgetConfirmed: false,
    });
    expect(assigned.body.budgetFit).toMatchObject({
      over: true,
      leftAfterMinor: -100_000,
      overBudgetConfirmedAt: null,
    });
    const refused = await demo.post(`/planning/wizard/${id}/review`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('PLAN_OVER_BUDGET');
    expect(refused.body.businessError.message).toMatch(/€1,000.00 over the budget/);

    const confirmed = await put(id, 'budget', {
      version: assigned.body.campaign.version,
      budgetId: small,
      overBudgetConfirmed: true,
    });
    expect(confirmed.body.budgetFit.overBudgetConfirmedAt).toEqual(expect.any(String));

    const current = confirmed.body as Plan;
    const resplit = await put(
      id,
      'platforms',
      platformsBody(current, {
        budgetMinor: 300_000,
        allocations: {
          meta: { ...current.allocations.meta!, amountMinor: 200_000 },
          google: { ...current.allocations.google!, amountMinor: 100_000 },
        },
      }),
    );
    expect(resplit.status).toBe(200);
    expect(resplit.body.budgetFit.overBudgetConfirmedAt).not.toBeNull(); // the same total: still confirmed
    const grown = await put(
      id,
      'platforms',
      platformsBody(resplit.body, {
        budgetMinor: 310_000,
        allocations: {
          meta: { ...current.allocations.meta!, amountMinor: 210_000 },
          google: { ...current.allocations.google!, amountMinor: 100_000 },
        },
      }),
    );
    expect(grown.status).toBe(200);
    expect(grown.body.budgetFit.overBudgetConfirmedAt).toBeNull();
  });
});

describe('launch and the bookings through the lifecycle', () => {
  it('refuses to launch while a step has issues, naming the first one', async () => {
    const breakers: [string, (id: string) => Promise<unknown>, RegExp][] = [
      ['no customer', async () => {}, /^Choose a customer$/],
      [
        'no audience',
        (id) => db.delete(t.campaignAudiences).where(eq(t.campaignAudiences.campaignId, id)),
        /^Choose at least one location$/,
      ],
      [
        'flights off their allocation',
        (id) =>
          db
            .update(t.campaignFlights)
            .set({ amountMinor: 100_000 })
            .where(eq(t.campaignFlights.campaignId, id)),
        /flights add up to €1,000.00, not its €1,500.00/,
      ],
      [
        'no ad for Google Ads',
        (id) =>
          db
            .delete(t.campaignAds)
            .where(and(eq(t.campaignAds.campaignId, id), eq(t.campaignAds.platformKey, 'google'))),
        /^Add an ad for Google Ads$/,
      ],
    ];
    for (const [what, breakIt, message] of breakers) {
      const { id } = await planCampaign(demo, { db, customerId: what === 'no customer' ? null : customerId });
      await breakIt(id);
      const res = await demo.post(`/planning/wizard/${id}/review`, {});
      expect([what, res.status, res.body.errorCode]).toEqual([what, 422, 'CAMPAIGN_INCOMPLETE']);
      expect(res.body.businessError.message).toMatch(message);
      expect((await getPlan(id)).campaign.status).toBe('draft');
    }
  });

  it('confirms a platform’s bookings when its placement goes live, cancels the rest on delete, completes ended ones', async () => {
    const { id } = await planCampaign(demo, { db, platforms: ['meta', 'google'] });
    expect((await demo.post(`/planning/wizard/${id}/review`, {})).status).toBe(200);
    const [meta] = await db
      .select()
      .from(t.campaignPlatforms)
      .where(and(eq(t.campaignPlatforms.campaignId, id), eq(t.campaignPlatforms.platformKey, 'meta')));
    await movePlacement(db, meta!, { type: 'platform.submitted' });
    await movePlacement(db, { ...meta!, status: 'in_review' }, { type: 'platform.approved' });
    let booked = await bookingsOf(id);
    expect(booked.map((b) => [b.platformKey, b.status]).sort()).toEqual([
      ['google', 'tentative'],
      ['meta', 'confirmed'],
    ]);

    // The sweep: a confirmed booking past its end is completed; a tentative one is left alone.
    const later = addDays(booked[0]!.endDate, 1);
    await CampaignJobs.sendOnly(db).completeEnded(later);
    booked = await bookingsOf(id);
    expect(booked.map((b) => [b.platformKey, b.status]).sort()).toEqual([
      ['google', 'tentative'],
      ['meta', 'completed'],
    ]);

    await setStatus(id, 'deleting');
    expect(await settleCampaign(db, id, { type: 'delete.succeeded' })).toBe('deleted');
    const released = await db.select().from(t.bookings).where(eq(t.bookings.name, booked[0]!.name));
    const byPlatform = Object.fromEntries(
      (await db.select().from(t.bookings).where(eq(t.bookings.id, booked[0]!.id)))
        .concat(await db.select().from(t.bookings).where(eq(t.bookings.id, booked[1]!.id)))
        .map((b) => [b.platformKey, b]),
    );
    expect(released.length).toBeGreaterThan(0);
    expect(byPlatform.meta).toMatchObject({ status: 'completed', campaignId: null });
    expect(byPlatform.google).toMatchObject({ status: 'cancelled', campaignId: null, amountMinor: 150_000 });
  });
});

describe('duplicating a plan', () => {
  it('copies allocations, audience and flights; the copy gets its own tentative bookings', async () => {
    const { id, plan } = await planCampaign(demo, { db, name: 'Original', customerId });
    await setStatus(id, 'active');
    const res = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'Copy' });
    expect(res.status).toBe(201);
    const copy = await getPlan(res.body.campaignId);
    expect(copy.campaign).toMatchObject({
      status: 'draft',
      budgetMinor: plan.campaign.budgetMinor,
      version: 1,
    });
    expect([copy.platforms, copy.allocations, copy.audience]).toEqual([
      plan.platforms,
      plan.allocations,
      plan.audience,
    ]);
    const strip = ({ id: _i, bookingId: _b, bookingStatus: _s, ...f }: Plan['flights'][number]) => f;
    expect(copy.flights.map(strip)).toEqual(plan.flights.map(strip));
    expect(copy.flights.map((f) => f.id)).not.toContain(plan.flights[0]!.id);
    expect(copy.flights.map((f) => f.bookingStatus)).toEqual(['tentative', 'tentative']);
    expect((await bookingsOf(copy.campaign.id)).map((b) => b.name).sort()).toEqual([
      'Copy · Google Ads · flight 1',
      'Copy · Meta · flight 1',
    ]);
  });
});

describe('bookings come from plans', () => {
  it('refuses to create, change or delete a booking by hand; lists them as before', async () => {
    const { id } = await planCampaign(demo, { db });
    const [booking] = await bookingsOf(id);
    const attempts = [
      await demo.post('/api/bookings', {
        name: 'By hand',
        platformKey: 'meta',
        startDate: future(1),
        endDate: future(2),
      }),
      await demo.patch(`/api/bookings/${booking!.id}`, { status: 'confirmed' }),
      await demo.delete(`/api/bookings/${booking!.id}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(405);
      expect(res.body.message).toMatch(/^Bookings come from a plan's flights/);
    }
    const listed = await demo.get(`/api/bookings?campaignId=${id}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect((await demo.get(`/api/bookings/${booking!.id}`)).body.status).toBe('tentative');
  });
});

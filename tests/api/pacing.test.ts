import { randomUUID } from 'node:crypto';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import type { DeliveryDay } from '@contract/delivery';
import type { BudgetPacing, CampaignDelivery, DashboardSpend } from '@contract/pacing';
import { addDays } from '@contract/planning/calendar';
import * as t from '@server/db/schema';
import { upsertDeliveryDays } from '@server/delivery/store';
import { budgetDailySpend } from '@server/reports/pacing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';

/**
 * Pacing against hand-computed fixtures in June 2031 (a month the demo seed plans nothing in), seen on
 * 2031-06-11: ten complete days. The budget: 3 000.00 EUR over June, so an even spend is 100.00 a day.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let tenant: { accountId: string; organizationId: string; customerId: string };
const AS_OF = '?asOf=2031-06-11';
const ids = {} as Record<'budget' | 'idleBudget' | 'pastBudget' | 'eur' | 'usd' | 'loose', string>;
const flightIds = {} as Record<'meta' | 'google', string>;

const days = (
  campaignId: string,
  platformKey: string,
  from: string,
  n: number,
  counts: Partial<DeliveryDay>,
) =>
  Array.from({ length: n }, (_, i) => ({
    campaignId,
    platformKey,
    date: addDays(from, i),
    impressions: 0,
    reach: 0,
    clicks: 0,
    spendMinor: 0,
    conversions: 0,
    ...counts,
  }));

async function budget(name: string, periodStart: string, periodEnd: string, amountMinor: number) {
  const [row] = await db
    .insert(t.budgets)
    .values({ ...tenant, name, periodStart, periodEnd, amountMinor, currency: 'EUR' })
    .returning();
  return row!.id;
}

async function campaign(name: string, currency: string, budgetId: string | null, status = 'active') {
  const [row] = await db
    .insert(t.campaigns)
    .values({ ...tenant, name, currency, budgetId, status, objectiveId: 1, platforms: ['meta', 'google'] })
    .returning();
  return row!.id;
}

async function flight(
  campaignId: string,
  platformKey: string,
  position: number,
  start: string,
  end: string,
  amount: number,
) {
  const [row] = await db
    .insert(t.campaignFlights)
    .values({ campaignId, platformKey, position, startDate: start, endDate: end, amountMinor: amount })
    .returning();
  return row!.id;
}

async function booking(
  campaignId: string,
  flightId: string | null,
  amountMinor: number,
  status = 'confirmed',
) {
  await db.insert(t.bookings).values({
    organizationId: tenant.organizationId,
    accountId: tenant.accountId,
    campaignId,
    flightId,
    platformKey: 'meta',
    name: `booking ${amountMinor}`,
    status,
    startDate: '2031-06-01',
    endDate: '2031-06-30',
    amountMinor,
    currency: 'EUR',
  });
}

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  rival = await signedIn(db, 'rival');
  const customerId = (await demo.get<{ id: string }[]>('/api/customers?_end=1')).body[0]!.id;
  const [customer] = await db.select().from(t.customers).where(eq(t.customers.id, customerId));
  tenant = { accountId: customer!.accountId, organizationId: customer!.organizationId, customerId };

  ids.budget = await budget('June 2031', '2031-06-01', '2031-06-30', 300_000);
  ids.idleBudget = await budget('Idle June 2031', '2031-06-01', '2031-06-30', 30_000);
  ids.pastBudget = await budget('May 2031', '2031-05-01', '2031-05-31', 10_000);
  ids.eur = await campaign('Summer EUR', 'EUR', ids.budget);
  // Assigned to the EUR budget but delivering in USD: never summed into it.
  ids.usd = await campaign('Summer USD', 'USD', ids.budget);
  ids.loose = await campaign('No budget', 'EUR', null);
  await campaign('Draft', 'EUR', null, 'draft').then((id) =>
    flight(id, 'meta', 0, '2031-06-01', '2031-06-30', 1_000_000),
  );

  flightIds.meta = await flight(ids.eur, 'meta', 0, '2031-06-01', '2031-06-30', 150_000);
  flightIds.google = await flight(ids.eur, 'google', 1, '2031-06-01', '2031-06-15', 60_000);
  await flight(ids.usd, 'meta', 0, '2031-06-01', '2031-06-30', 90_000);
  await flight(ids.usd, 'google', 1, '2031-05-17', '2031-06-15', 30_000);
  await booking(ids.eur, flightIds.meta, 150_000);
  await booking(ids.eur, flightIds.google, 60_000);
  await booking(ids.eur, null, 99_999, 'cancelled');

  await upsertDeliveryDays(db, tenant.accountId, [
    ...days(ids.eur, 'meta', '2031-05-31', 1, { spendMinor: 50_000 }), // before the period
    ...days(ids.eur, 'meta', '2031-06-01', 10, {
      spendMinor: 6_000,
      impressions: 1_000,
      reach: 800,
      clicks: 10,
      conversions: 1,
    }),
    ...days(ids.eur, 'meta', '2031-06-11', 1, {
      spendMinor: 1_000,
      impressions: 1_000,
      reach: 800,
      clicks: 10,
      conversions: 1,
    }), // today
    ...days(ids.eur, 'google', '2031-06-01', 10, {
      spendMinor: 4_000,
      impressions: 500,
      reach: 400,
      clicks: 20,
      conversions: 2,
    }),
    ...days(ids.usd, 'meta', '2031-06-03', 1, { spendMinor: 50_000 }),
    ...days(ids.loose, 'meta', '2031-06-05', 1, { spendMinor: 7_000 }),
  ]);
});

describe('budgetDailySpend (the pacing series)', () => {
  const spendOf = async (from: string, to: string) =>
    (await budgetDailySpend(db, tenant.accountId, ids.budget, from, to))!.map((day) => day.spendMinor);

  it('lists each day’s spend, 0 after the campaigns’ last delivered day and before their first', async () => {
    // EUR campaign: 60.00 (Meta) + 40.00 (Google) a day from 1 to 10 June, 10.00 on the 11th; May 31 is
    // before the period; the USD campaign never counts.
    expect(await spendOf('2031-06-01', '2031-06-30')).toEqual([
      ...Array(10).fill(10_000),
      1_000,
      ...Array(19).fill(0),
    ]);
    expect(await spendOf('2031-05-30', '2031-06-02')).toEqual([0, 50_000, 10_000, 10_000]);
    expect(await spendOf('2031-06-10', '2031-06-13')).toEqual([10_000, 1_000, 0, 0]);
    expect(await spendOf('2031-06-20', '2031-06-22')).toEqual([0, 0, 0]);
  });
});

describe('GET /api/budgets/{id}/pacing', () => {
  it('sets spend through yesterday against what is booked to date, in the budget’s currency', async () => {
    const res = await demo.get<BudgetPacing>(`/api/budgets/${ids.budget}/pacing${AS_OF}`);
    expect(res.status).toBe(200);
    expect(res.body.budget).toEqual({ id: ids.budget, name: 'June 2031', currency: 'EUR' });
    expect(res.body.pacing).toMatchObject({
      amountMinor: 300_000,
      bookedMinor: 210_000, // the cancelled booking adds nothing
      spentMinor: 100_000, // 10 × (60.00 + 40.00); not May, not today, not the USD campaign
      remainingMinor: 200_000,
      // Booked, not the budget's amount: 1 500.00 and 600.00 over June, 10 of 30 days → 700.00 to date.
      idealToDateMinor: 70_000,
      ratio: 100_000 / 70_000,
      status: 'overpacing', // +43 %, beyond the default 15 %
      thresholds: { underPercent: 15, overPercent: 15 },
      forecastEndMinor: 300_000, // 100.00 a day for the 20 days left
      completeDays: 10,
      periodDays: 30,
    });
    const { series } = res.body.pacing;
    expect(series).toHaveLength(30);
    expect(series[4]).toEqual({
      date: '2031-06-05',
      spentCumulativeMinor: 50_000,
      idealCumulativeMinor: 35_000,
      forecastCumulativeMinor: null,
    });
    expect(series[29]).toEqual({
      date: '2031-06-30',
      spentCumulativeMinor: null,
      idealCumulativeMinor: 210_000, // the planned line ends at what is booked
      forecastCumulativeMinor: 300_000,
    });
  });

  it('does not call a budget underpacing for spending little when little is booked on it', async () => {
    // Nothing booked, nothing spent: on track, not "underpacing" against its 300.00.
    const idle = await demo.get<BudgetPacing>(`/api/budgets/${ids.idleBudget}/pacing${AS_OF}`);
    expect(idle.body.pacing).toMatchObject({
      spentMinor: 0,
      bookedMinor: 0,
      idealToDateMinor: 0,
      ratio: null,
      status: 'on_track',
    });
    // 330 000.00 budgeted, 2 300.00 booked over the month and spent as booked: on track.
    const big = await budget('Big June 2031', '2031-06-01', '2031-06-30', 33_000_000);
    const small = await campaign('Small on big', 'EUR', big);
    const smallFlight = await flight(small, 'meta', 0, '2031-06-01', '2031-06-30', 230_000);
    await booking(small, smallFlight, 230_000);
    await upsertDeliveryDays(
      db,
      tenant.accountId,
      days(small, 'meta', '2031-06-01', 10, { spendMinor: 7_667 }),
    );
    const res = await demo.get<BudgetPacing>(`/api/budgets/${big}/pacing${AS_OF}`);
    expect(res.body.pacing).toMatchObject({
      amountMinor: 33_000_000,
      bookedMinor: 230_000,
      spentMinor: 76_670,
      idealToDateMinor: 76_667,
      status: 'on_track',
    });
    const past = await demo.get<BudgetPacing>(`/api/budgets/${ids.pastBudget}/pacing${AS_OF}`);
    expect(past.body.pacing.status).toBe('ended');
    await db.delete(t.budgets).where(eq(t.budgets.id, big));
    await db.delete(t.campaigns).where(eq(t.campaigns.id, small));
  });

  it('answers another tenant’s budget exactly like a missing one', async () => {
    const foreign = await rival.get(`/api/budgets/${ids.budget}/pacing${AS_OF}`);
    const missing = await rival.get(`/api/budgets/${randomUUID()}/pacing${AS_OF}`);
    const malformed = await rival.get('/api/budgets/nope/pacing');
    expect([foreign.status, missing.status, malformed.status]).toEqual([404, 404, 404]);
    expect(foreign.body).toEqual(missing.body);
    expect(malformed.body).toEqual(missing.body);
  });

  it('refuses a bad asOf with 400 naming it, and writes with 405', async () => {
    for (const asOf of ['2031-02-30', '2031-13-01', 'yesterday']) {
      const res = await demo.get(`/api/budgets/${ids.budget}/pacing?asOf=${asOf}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('asOf');
      expect(res.body.validationErrors.asOf).toBeDefined();
    }
    const post = await demo.post(`/api/budgets/${ids.budget}/pacing`, {});
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });

  it('needs a session', async () => {
    const { TestClient: Anonymous, testApp } = await import('../support/http');
    expect((await new Anonymous(testApp(db)).get(`/api/budgets/${ids.budget}/pacing`)).status).toBe(401);
  });
});

describe('GET /api/campaigns/{id}/delivery', () => {
  it('paces each flight on its platform’s delivery and totals by platform', async () => {
    const res = await demo.get<CampaignDelivery>(`/api/campaigns/${ids.eur}/delivery${AS_OF}`);
    expect(res.status).toBe(200);
    const { flights, platforms, totals, daily } = res.body;
    expect(res.body.campaign).toMatchObject({ id: ids.eur, currency: 'EUR', status: 'active' });
    expect(flights.map((f) => [f.id, f.platformKey, f.amountMinor])).toEqual([
      [flightIds.meta, 'meta', 150_000],
      [flightIds.google, 'google', 60_000],
    ]);
    // Meta: 60.00 × 10 against an even 50.00 × 10 → +20 %, overpacing. Google: 40.00 × 10 of 4 000 over 15 days.
    expect(flights[0]!.pacing).toMatchObject({
      spentMinor: 60_000,
      idealToDateMinor: 50_000,
      ratio: 1.2,
      status: 'overpacing',
      bookedMinor: 150_000,
    });
    expect(flights[1]!.pacing).toMatchObject({
      spentMinor: 40_000,
      idealToDateMinor: 40_000,
      status: 'on_track',
    });
    // Delivered counts include the day in progress and the day before the flight: it is what the platform reported.
    expect(platforms).toEqual([
      {
        platformKey: 'meta',
        totals: {
          impressions: 11_000,
          reach: 8_800,
          clicks: 110,
          spendMinor: 111_000,
          conversions: 11,
          costPerConversionMinor: 10_091,
        },
      },
      {
        platformKey: 'google',
        totals: {
          impressions: 5_000,
          reach: 4_000,
          clicks: 200,
          spendMinor: 40_000,
          conversions: 20,
          costPerConversionMinor: 2_000,
        },
      },
    ]);
    expect(totals).toEqual({
      impressions: 16_000,
      reach: 12_800,
      clicks: 310,
      spendMinor: 151_000,
      conversions: 31,
      costPerConversionMinor: Math.round(151_000 / 31),
    });
    expect(daily[0]).toEqual({ date: '2031-05-31', spendMinor: 50_000 });
    expect(daily[1]).toEqual({ date: '2031-06-01', spendMinor: 10_000 });
  });

  it('shows a campaign nothing has delivered for yet: no days, its flights planned with nothing spent', async () => {
    const res = await demo.get<CampaignDelivery>(`/api/campaigns/${ids.usd}/delivery?asOf=2031-05-18`);
    expect(res.status).toBe(200);
    expect(res.body.daily).toEqual([]);
    expect(res.body.totals).toMatchObject({ spendMinor: 0, costPerConversionMinor: null });
    expect(res.body.flights.map((f) => [f.platformKey, f.pacing.spentMinor, f.pacing.status])).toEqual([
      ['meta', 0, 'not_started'],
      ['google', 0, 'too_early'], // one complete day of a flight from May 17
    ]);
  });

  it('answers another tenant’s campaign exactly like a missing one', async () => {
    const foreign = await rival.get(`/api/campaigns/${ids.eur}/delivery`);
    const missing = await rival.get(`/api/campaigns/${randomUUID()}/delivery`);
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual({ message: CAMPAIGN_NOT_FOUND_MESSAGE });
    expect(missing.body).toEqual(foreign.body);
  });
});

describe('GET /api/dashboard/spend', () => {
  it('sets this month’s spend against the flights prorated to it, per currency', async () => {
    const res = await demo.get<DashboardSpend>(`/api/dashboard/spend${AS_OF}`);
    expect(res.status).toBe(200);
    expect(res.body.month).toEqual({ start: '2031-06-01', end: '2031-06-30', today: '2031-06-11' });
    expect(res.body.currencies).toEqual([
      // Spent: EUR campaign 1 000.00 + the unbudgeted one 70.00 (not May, not today). The draft plans nothing.
      { currency: 'EUR', spentMinor: 107_000, plannedMinor: 210_000, plannedToDateMinor: 50_000 + 40_000 },
      // USD: 900.00 in June, plus 15 of the 30 days of a flight from mid-May (150.00); to date 300.00 + 100.00.
      { currency: 'USD', spentMinor: 50_000, plannedMinor: 105_000, plannedToDateMinor: 40_000 },
    ]);
  });

  it('lists the budgets in progress that are off pace by the account’s thresholds, never another tenant’s', async () => {
    const mine = await demo.get<DashboardSpend>(`/api/dashboard/spend${AS_OF}`);
    // The June budget spends 1 000.00 against 700.00 booked to date (+43 %); the idle one has nothing
    // booked: not off pace.
    expect(mine.body.offPace.map((b) => [b.id, b.status, b.ratio])).toEqual([
      [ids.budget, 'overpacing', 100_000 / 70_000],
    ]);
    const theirs = await rival.get<DashboardSpend>(`/api/dashboard/spend${AS_OF}`);
    expect(theirs.body.offPace).toEqual([]);
    expect(theirs.body.currencies).toEqual([]);
  });
});

describe('the account’s pacing thresholds', () => {
  it('are 15 % either way until a planner changes them; the budgets, flights and dashboard follow', async () => {
    expect((await demo.get('/api/pacing/settings')).body).toEqual({
      underPercent: 15,
      overPercent: 15,
      isDefault: true,
      updatedAt: null,
    });
    const saved = await demo.put('/api/pacing/settings', { underPercent: 20, overPercent: 50 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ underPercent: 20, overPercent: 50, isDefault: false });
    expect((await demo.get('/api/pacing/settings')).body).toEqual(saved.body);
    try {
      // +43 % is within +50 %: on track everywhere the rule is used.
      const pacing = await demo.get<BudgetPacing>(`/api/budgets/${ids.budget}/pacing${AS_OF}`);
      expect([pacing.body.pacing.status, pacing.body.pacing.thresholds]).toEqual([
        'on_track',
        { underPercent: 20, overPercent: 50 },
      ]);
      const delivery = await demo.get<CampaignDelivery>(`/api/campaigns/${ids.eur}/delivery${AS_OF}`);
      expect(delivery.body.flights[0]!.pacing.status).toBe('on_track'); // Meta +20 %
      expect((await demo.get<DashboardSpend>(`/api/dashboard/spend${AS_OF}`)).body.offPace).toEqual([]);
      // Another account's thresholds are its own.
      expect((await rival.get('/api/pacing/settings')).body).toMatchObject({
        underPercent: 15,
        isDefault: true,
      });
    } finally {
      await demo.put('/api/pacing/settings', { underPercent: 15, overPercent: 15 });
    }
  });

  it('refuses a threshold that is not a whole per cent from 1 to 100, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ underPercent: 0, overPercent: 15 }, 'underPercent', 'at least 1 %'],
      [{ underPercent: 15, overPercent: 101 }, 'overPercent', 'at most 100 %'],
      [{ underPercent: 12.5, overPercent: 15 }, 'underPercent', 'whole number'],
      [{ underPercent: '15', overPercent: 15 }, 'underPercent', 'number of per cent'],
      [{ overPercent: 15 }, 'underPercent', 'number of per cent'],
    ];
    for (const [body, field, words] of cases) {
      const res = await demo.put('/api/pacing/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.validationErrors[field].message).toContain(words);
    }
    const extra = await demo.put('/api/pacing/settings', {
      underPercent: 15,
      overPercent: 15,
      alerts: 'off',
    });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body)).toContain('alerts');
    const notJson = await demo.put('/api/pacing/settings', [15, 15]);
    expect(notJson.status).toBe(400);
    expect((await demo.get('/api/pacing/settings')).body).toMatchObject({
      underPercent: 15,
      overPercent: 15,
    });
  });
});

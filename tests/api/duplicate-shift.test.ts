import { addDays, type Plan } from '@contract/planning';
import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn } from '../support/http';
import { future, planCampaign } from '../support/planning';

/**
 * Issue 28: "Duplicate for the next period". `shiftDays` moves the copy's dates and every flight together
 * (a flight keeps its length, so it can never end before it starts, and stays inside the campaign), and the
 * copy draws on the budget that covers its new dates, or none.
 */

const { db } = await freshDatabase();
const demo = await signedIn(db);
const customerId: string = (await demo.get<{ id: string }[]>('/api/customers?_end=1')).body[0]!.id;

/** A plan with two flights on each of two platforms (one ending on the campaign's end, one inside it). */
async function twoFlightPlan() {
  const start = future(3);
  const end = future(40);
  const { id, plan } = await planCampaign(demo, {
    name: 'Quarter plan',
    customerId,
    platforms: ['meta', 'google'],
    startDate: start,
    endDate: end,
    until: 'schedule',
  });
  const flights = plan.platforms.flatMap((platform) => {
    const amount = plan.allocations[platform]!.amountMinor;
    return [
      {
        platform,
        startDate: start,
        endDate: addDays(start, 9),
        amountMinor: Math.floor(amount / 2),
        pacing: 'even',
      },
      {
        platform,
        startDate: addDays(start, 20),
        endDate: end,
        amountMinor: amount - Math.floor(amount / 2),
        pacing: 'even',
      },
    ];
  });
  const saved = await demo.put<Plan>(`/planning/wizard/${id}/schedule`, {
    version: plan.campaign.version,
    startDate: start,
    endDate: end,
    flights,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id, plan: saved.body };
}

const planOf = async (id: string) =>
  (await demo.get<Plan>(`/planning/wizard/${id}`, { accept: 'application/json' })).body;

describe('duplicating for the next period', () => {
  it('moves every flight by the shift, keeping it whole and inside the campaign (any shift)', async () => {
    const { id, plan: source } = await twoFlightPlan();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -400, max: 400 }), async (shiftDays) => {
        const res = await demo.post('/data/campaigns/duplicate', {
          campaignId: id,
          name: 'Next period',
          shiftDays,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const copy = await planOf(res.body.campaignId);
        expect(copy.campaign.startDate).toBe(addDays(source.campaign.startDate!, shiftDays));
        expect(copy.campaign.endDate).toBe(addDays(source.campaign.endDate!, shiftDays));
        const moved = (f: Plan['flights'][number]) => [f.platform, f.startDate, f.endDate, f.amountMinor];
        expect(copy.flights.map(moved).sort()).toEqual(
          source.flights
            .map((f) => [
              f.platform,
              addDays(f.startDate, shiftDays),
              addDays(f.endDate, shiftDays),
              f.amountMinor,
            ])
            .sort(),
        );
        for (const f of copy.flights) {
          expect(f.startDate <= f.endDate).toBe(true);
          expect(f.startDate >= copy.campaign.startDate!).toBe(true);
          expect(f.endDate <= copy.campaign.endDate!).toBe(true);
        }
        // Its bookings are the copy's own, at the new dates.
        const bookings = await db
          .select()
          .from(t.bookings)
          .where(eq(t.bookings.campaignId, res.body.campaignId));
        expect(bookings.map((b) => b.startDate).sort()).toEqual(copy.flights.map((f) => f.startDate).sort());
      }),
      { numRuns: 12 },
    );
  });

  it('draws on the budget that covers the new dates, or says none does', async () => {
    const { id, plan } = await twoFlightPlan();
    const next = await demo.post<{ id: string }>('/api/budgets', {
      name: 'Next quarter',
      customerId,
      periodStart: addDays(plan.campaign.startDate!, 91),
      periodEnd: addDays(plan.campaign.endDate!, 91),
      amountMinor: 5_000_000,
      currency: plan.campaign.currency,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const covered = await demo.post('/data/campaigns/duplicate', {
      campaignId: id,
      name: 'Q2',
      shiftDays: 91,
    });
    expect(covered.body.budget).toEqual({ id: next.body.id, name: 'Next quarter' });
    expect((await planOf(covered.body.campaignId)).budgetFit?.budget.id).toBe(next.body.id);
    const uncovered = await demo.post('/data/campaigns/duplicate', {
      campaignId: id,
      name: 'Far',
      shiftDays: 3000,
    });
    expect(uncovered.status).toBe(201);
    expect(uncovered.body.budget).toBeNull();
  });

  it('refuses a shift that is not a whole number of days within ten years, changing nothing', async () => {
    const { id } = await twoFlightPlan();
    const before = (await db.select().from(t.campaigns)).length;
    for (const shiftDays of [1.5, '7', 3651, -3651, null]) {
      const res = await demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'Bad', shiftDays });
      expect([shiftDays, res.status]).toEqual([shiftDays, 400]);
      expect(res.body.validationErrors.shiftDays.message).toBe(
        'Shift the dates by a whole number of days, at most ten years either way',
      );
    }
    expect((await db.select().from(t.campaigns)).length).toBe(before);
  });
});

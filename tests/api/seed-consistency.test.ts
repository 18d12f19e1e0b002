import * as t from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';

/**
 * The demo data agrees with itself: each seeded campaign's placements, plan (allocations, audience,
 * flights), bookings, budget and dates fit its status.
 */

const { db } = await freshDatabase();
const today = new Date().toISOString().slice(0, 10);

describe('seeded demo data', () => {
  it('gives every campaign placements, sandbox records, a plan, bookings and dates that match its status', async () => {
    const campaigns = await db.select().from(t.campaigns);
    const placements = await db.select().from(t.campaignPlatforms);
    const records = await db.select().from(t.sandboxPlatformCampaigns);
    const bookings = await db.select().from(t.bookings);
    const allocations = await db.select().from(t.campaignAllocations);
    const audiences = await db.select().from(t.campaignAudiences);
    const flights = await db.select().from(t.campaignFlights);
    const budgets = await db.select().from(t.budgets);
    const statuses = new Set(campaigns.map((c) => c.status));
    expect([...statuses].sort()).toEqual(['active', 'completed', 'draft', 'failed', 'paused']);
    for (const c of campaigns) {
      const mine = placements.filter((p) => p.campaignId === c.id);
      const booked = bookings.filter((b) => b.campaignId === c.id);
      const where = `${c.name} (${c.status})`;
      if (c.status === 'draft') {
        expect(mine, where).toEqual([]);
        expect(c.startDate! >= today, where).toBe(true);
      } else {
        expect(mine.map((p) => p.platformKey).sort(), where).toEqual([...c.platforms].sort());
        for (const p of mine) {
          const record = records.find((r) => r.externalId === p.externalId);
          expect(record?.status, where).toBe(p.status);
          expect(record?.reference, where).toBe(p.launchKey);
        }
      }
      if (c.status === 'active')
        expect(new Set(mine.map((p) => p.status)), where).toEqual(new Set(['active']));
      if (c.status === 'paused')
        expect(new Set(mine.map((p) => p.status)), where).toEqual(new Set(['paused']));
      if (c.status === 'failed')
        expect(
          mine.some((p) => p.status === 'rejected' && p.lastError),
          where,
        ).toBe(true);
      if (c.status === 'active' || c.status === 'paused') {
        expect(c.startDate! <= today && c.endDate! >= today, where).toBe(true);
      }
      if (c.status === 'completed') expect(c.endDate! < today, where).toBe(true);
      // The plan: allocations add up to the budget, each platform's flights to its allocation, one
      // booking per flight with the status the lifecycle gives it.
      const allocated = allocations.filter((a) => a.campaignId === c.id);
      expect(allocated.map((a) => a.platformKey).sort(), where).toEqual([...c.platforms].sort());
      expect(
        allocated.reduce((sum, a) => sum + a.amountMinor, 0),
        where,
      ).toBe(c.budgetMinor);
      expect(
        audiences.some((a) => a.campaignId === c.id),
        where,
      ).toBe(true);
      const planned = flights.filter((f) => f.campaignId === c.id);
      for (const a of allocated) {
        const mineFlights = planned.filter((f) => f.platformKey === a.platformKey);
        expect(
          mineFlights.reduce((sum, f) => sum + f.amountMinor, 0),
          where,
        ).toBe(a.amountMinor);
        for (const f of mineFlights)
          expect(f.startDate >= c.startDate! && f.endDate <= c.endDate!, where).toBe(true);
      }
      expect(booked.map((b) => b.flightId).sort(), where).toEqual(planned.map((f) => f.id).sort());
      const expected =
        c.status === 'draft' || c.status === 'failed'
          ? 'tentative'
          : c.status === 'completed'
            ? 'completed'
            : 'confirmed';
      expect(new Set(booked.map((b) => b.status)), where).toEqual(new Set([expected]));
      if (c.budgetId) {
        const budget = budgets.find((b) => b.id === c.budgetId)!;
        expect(budget.customerId, where).toBe(c.customerId);
        expect(budget.currency, where).toBe(c.currency);
        expect(budget.periodStart <= c.startDate! && budget.periodEnd >= c.endDate!, where).toBe(true);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { freshDatabase } from '../support/db';

/** The demo data agrees with itself: each seeded campaign's placements, bookings and dates fit its status. */

const { db } = await freshDatabase();
const today = new Date().toISOString().slice(0, 10);

describe('seeded demo data', () => {
  it('gives every campaign placements, sandbox records, bookings and dates that match its status', async () => {
    const campaigns = await db.select().from(t.campaigns);
    const placements = await db.select().from(t.campaignPlatforms);
    const records = await db.select().from(t.sandboxPlatformCampaigns);
    const bookings = await db.select().from(t.bookings);
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
      if (booked.length > 0) {
        expect(
          booked.reduce((sum, b) => sum + b.amountMinor, 0),
          where,
        ).toBe(c.budgetMinor);
        const expected = c.status === 'draft' || c.status === 'failed' ? 'tentative' : 'confirmed';
        expect(new Set(booked.map((b) => b.status)), where).toEqual(new Set([expected]));
      } else {
        expect(c.status, where).toBe('draft');
      }
    }
  });
});

import { type DeliveryInput, deliveryDays, flightSpends } from '@server/platforms/sandbox/delivery';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const input = (overrides: Partial<DeliveryInput> = {}): DeliveryInput => ({
  externalId: 'meta_cmp_1',
  platformKey: 'meta',
  objectiveId: 2,
  audienceSize: 2_000_000,
  flights: [{ startDate: '2026-03-01', endDate: '2026-03-31', amountMinor: 310_000, pacing: 'even' }],
  ...overrides,
});
const sum = (days: { counts: { spendMinor: number } }[]) => days.reduce((s, d) => s + d.counts.spendMinor, 0);

describe('sandbox delivery', () => {
  it('gives the same numbers for the same campaign and day', () => {
    const range = { from: '2026-03-01', to: '2026-03-31', asOf: '2026-04-10' };
    expect(deliveryDays(input(), range)).toEqual(deliveryDays(input(), range));
    expect(deliveryDays(input({ externalId: 'meta_cmp_2' }), range)).not.toEqual(
      deliveryDays(input(), range),
    );
  });

  it('never spends more than a flight’s amount, whatever its length, pacing and platform', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.constantFrom('even', 'front_loaded' as const),
        fc.constantFrom('meta', 'google', 'linkedin', 'tiktok'),
        fc.string(),
        (days, amountMinor, pacing, platformKey, externalId) => {
          const endDate = new Date(Date.UTC(2026, 0, days)).toISOString().slice(0, 10);
          const flight = { startDate: '2026-01-01', endDate, amountMinor, pacing } as const;
          const spends = flightSpends(input({ platformKey, externalId, flights: [flight] }), flight);
          expect(spends).toHaveLength(days);
          expect(spends.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(amountMinor);
          expect(spends.every((spend) => Number.isInteger(spend) && spend >= 0)).toBe(true);
        },
      ),
    );
  });

  it('spends most of the flight, front-loaded flights early, weekends less on LinkedIn', () => {
    const even = flightSpends(input(), input().flights[0]!);
    expect(even.reduce((a, b) => a + b, 0)).toBeGreaterThan(310_000 * 0.9);
    const front = { ...input().flights[0]!, pacing: 'front_loaded' as const };
    const loaded = flightSpends(input({ flights: [front] }), front);
    expect(loaded.slice(0, 10).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      loaded.slice(-10).reduce((a, b) => a + b, 0) * 2,
    );
    const linkedin = input({ platformKey: 'linkedin' });
    const days = deliveryDays(linkedin, { from: '2026-03-01', to: '2026-03-31', asOf: '2026-05-01' });
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const weekend = mean(
      days.filter((d) => [0, 6].includes(weekday(d.date))).map((d) => d.counts.spendMinor),
    );
    const weekdays = mean(
      days.filter((d) => ![0, 6].includes(weekday(d.date))).map((d) => d.counts.spendMinor),
    );
    expect(weekend).toBeLessThan(weekdays * 0.7);
  });

  it('reports complete days only, and restates the last three upwards to their final figures', () => {
    const early = deliveryDays(input(), { from: '2026-03-01', to: '2026-03-31', asOf: '2026-03-11' });
    expect(early.map((d) => d.date).at(-1)).toBe('2026-03-10');
    const later = deliveryDays(input(), { from: '2026-03-01', to: '2026-03-31', asOf: '2026-03-20' });
    const byDate = new Map(later.map((d) => [d.date, d.counts]));
    for (const day of early) {
      const final = byDate.get(day.date)!;
      for (const key of ['impressions', 'clicks', 'spendMinor', 'conversions'] as const)
        expect(day.counts[key]).toBeLessThanOrEqual(final[key]);
    }
    // Days three or more before asOf are final and never change again.
    expect(early.slice(0, -3)).toEqual(later.slice(0, early.length - 3));
    expect(early.at(-1)!.counts.spendMinor).toBeLessThan(byDate.get('2026-03-10')!.spendMinor);
    expect(sum(later)).toBeLessThanOrEqual(310_000);
  });

  it('keeps clicks within impressions, conversions within clicks and reach within the audience', () => {
    const days = deliveryDays(input({ audienceSize: 1500 }), {
      from: '2026-03-01',
      to: '2026-03-31',
      asOf: '2026-05-01',
    });
    for (const { counts } of days) {
      expect(counts.clicks).toBeLessThanOrEqual(counts.impressions);
      expect(counts.conversions).toBeLessThanOrEqual(counts.clicks);
      expect(counts.reach).toBeLessThanOrEqual(Math.min(counts.impressions, 1500));
    }
  });
});

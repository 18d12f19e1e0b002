import { movedFlights, type PacingStatus, suggestReallocation } from '@contract/pacing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A flight of a platform as the campaign's delivery gives it, with the figures the suggestion reads. */
const flight = (
  platformKey: string,
  amountMinor: number,
  status: string,
  figures: { spentMinor: number; forecastEndMinor: number; ratio: number | null },
) => ({ platformKey, amountMinor, pacing: { status: status as PacingStatus, ...figures } });

describe('suggestReallocation', () => {
  it('moves what the under-delivering platform will leave unspent to the one that delivers', () => {
    const suggestion = suggestReallocation(
      [
        // Meta: 6 000.00 planned, 1 000.00 spent, at its run-rate 3 512.34 by the end: 2 487.66 left over.
        flight('meta', 600_000, 'underpacing', {
          spentMinor: 100_000,
          forecastEndMinor: 351_234,
          ratio: 0.5,
        }),
        flight('google', 400_000, 'on_track', {
          spentMinor: 130_000,
          forecastEndMinor: 390_000,
          ratio: 0.98,
        }),
        flight('tiktok', 200_000, 'overpacing', {
          spentMinor: 90_000,
          forecastEndMinor: 200_000,
          ratio: 1.3,
        }),
      ],
      { meta: 600_000, google: 400_000, tiktok: 200_000 },
    );
    // Whole units only (2 487.00), to the platform furthest ahead (TikTok); the total stays 12 000.00.
    expect(suggestion).toEqual({
      fromPlatform: 'meta',
      toPlatform: 'tiktok',
      amountMinor: 248_700,
      allocations: { meta: 351_300, google: 400_000, tiktok: 448_700 },
    });
  });

  it('suggests nothing when every platform delivers, none does, or too early to tell', () => {
    const onTrack = flight('meta', 100_000, 'on_track', {
      spentMinor: 50_000,
      forecastEndMinor: 99_000,
      ratio: 1,
    });
    const under = flight('google', 100_000, 'underpacing', {
      spentMinor: 10_000,
      forecastEndMinor: 20_000,
      ratio: 0.2,
    });
    const early = flight('tiktok', 100_000, 'too_early', { spentMinor: 0, forecastEndMinor: 0, ratio: 0 });
    const all = { meta: 100_000, google: 100_000, tiktok: 100_000 };
    expect(suggestReallocation([onTrack], all)).toBeNull();
    expect(suggestReallocation([under], all)).toBeNull();
    expect(suggestReallocation([under, early], all)).toBeNull();
    expect(suggestReallocation([under, onTrack], all)).toMatchObject({
      fromPlatform: 'google',
      amountMinor: 80_000,
    });
    // Less than one whole unit left over: not worth a change.
    const almost = flight('google', 100_000, 'underpacing', {
      spentMinor: 10_000,
      forecastEndMinor: 99_950,
      ratio: 0.8,
    });
    expect(suggestReallocation([almost, onTrack], all)).toBeNull();
  });

  const platform = fc.constantFrom('meta', 'google', 'tiktok', 'linkedin');
  const status = fc.constantFrom(
    'underpacing',
    'on_track',
    'overpacing',
    'too_early',
    'ended',
    'not_started',
  );
  const flights = fc.array(
    fc
      .record({
        platformKey: platform,
        amountMinor: fc.integer({ min: 0, max: 10_000_000 }),
        status,
        spentShare: fc.double({ min: 0, max: 1.5, noNaN: true }),
        forecastShare: fc.double({ min: 0, max: 2, noNaN: true }),
        ratio: fc.option(fc.double({ min: 0, max: 3, noNaN: true })),
      })
      .map((f) => {
        const spentMinor = Math.round(f.amountMinor * f.spentShare);
        return flight(f.platformKey, f.amountMinor, f.status, {
          spentMinor,
          forecastEndMinor: Math.max(spentMinor, Math.round(f.amountMinor * f.forecastShare)),
          ratio: f.ratio,
        });
      }),
    { maxLength: 8 },
  );

  it('keeps the total, takes only from an underpacing platform what it has not spent, in whole units', () => {
    fc.assert(
      fc.property(flights, (list) => {
        const allocations: Record<string, number> = {};
        for (const f of list) allocations[f.platformKey] = (allocations[f.platformKey] ?? 0) + f.amountMinor;
        const suggestion = suggestReallocation(list, allocations);
        if (!suggestion) return;
        const { fromPlatform, toPlatform, amountMinor } = suggestion;
        const total = (a: Record<string, number>) => Object.values(a).reduce((sum, x) => sum + x, 0);
        expect(total(suggestion.allocations)).toBe(total(allocations));
        expect(fromPlatform).not.toBe(toPlatform);
        expect(amountMinor % 100).toBe(0);
        expect(amountMinor).toBeGreaterThanOrEqual(100);
        const from = list.filter((f) => f.platformKey === fromPlatform);
        const to = list.filter((f) => f.platformKey === toPlatform);
        expect(from.some((f) => f.pacing.status === 'underpacing')).toBe(true);
        expect(to.some((f) => f.pacing.status === 'underpacing')).toBe(false);
        expect(to.some((f) => ['on_track', 'overpacing'].includes(f.pacing.status))).toBe(true);
        const spent = from.filter((f) => ['underpacing', 'on_track', 'overpacing'].includes(f.pacing.status));
        expect(amountMinor).toBeLessThanOrEqual(
          allocations[fromPlatform]! - spent.reduce((sum, f) => sum + f.pacing.spentMinor, 0),
        );
        expect(suggestion.allocations[fromPlatform]).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the flights that carry a suggested move', () => {
  const flights = [
    { id: 'm1', platform: 'meta', startDate: '2026-10-01', endDate: '2026-10-31', amountMinor: 50_000 },
    { id: 'm2', platform: 'meta', startDate: '2026-11-01', endDate: '2026-12-31', amountMinor: 80_000 },
    { id: 't1', platform: 'tiktok', startDate: '2026-11-01', endDate: '2026-12-31', amountMinor: 60_000 },
  ];
  it('takes the amount off the running flight of one platform and puts it on the other’s', () => {
    const moved = movedFlights(
      flights,
      { fromPlatform: 'tiktok', toPlatform: 'meta', amountMinor: 20_000 },
      '2026-11-28',
    );
    expect(moved.map((f) => [f.id, f.amountMinor])).toEqual([
      ['m1', 50_000],
      ['m2', 100_000],
      ['t1', 40_000],
    ]);
  });
  it('leaves the flights alone when one side has nothing running or to come', () => {
    const moved = movedFlights(
      flights,
      { fromPlatform: 'meta', toPlatform: 'tiktok', amountMinor: 5_000 },
      '2027-01-05',
    );
    expect(moved).toEqual(flights);
  });
});

import {
  addDays,
  amountsFromBasisPoints,
  checkSchedule,
  type Flight,
  type PlatformRules,
  splitByWeights,
  splitEvenly,
} from '@contract/planning';
import { sampleCreativeSpecs } from '@machines/planning/planningWizard/planningWizard.samples';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The money arithmetic the wizard and the server share: whatever the amounts, a split adds up to the
 * total to the unit, and a schedule whose flights were made to add up to each allocation is accepted.
 */

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const total = fc.integer({ min: 0, max: 10_000_000_000_000 });
const weights = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 });

describe('splitting a total', () => {
  it('splitByWeights adds up to the total, never negative, for any weights (all zero = evenly)', () => {
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const parts = splitByWeights(t, w);
        expect(parts).toHaveLength(w.length);
        expect(sum(parts)).toBe(t);
        expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        // A zero weight takes nothing (unless every weight is zero).
        if (sum(w) > 0) expect(parts.filter((_, i) => w[i] === 0).every((p) => p === 0)).toBe(true);
      }),
    );
  });

  it('splitEvenly adds up to the total; parts differ by at most one unit, the earlier larger', () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 50 }), (t, count) => {
        const parts = splitEvenly(t, count);
        expect(sum(parts)).toBe(t);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
      }),
    );
  });

  it('amountsFromBasisPoints adds up to the total when the percentages make 100 %', () => {
    const toHundred = fc
      .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 })
      .map((raw) => splitByWeights(10_000, raw));
    fc.assert(
      fc.property(total, toHundred, (t, bp) => {
        expect(sum(bp)).toBe(10_000);
        expect(sum(amountsFromBasisPoints(t, bp))).toBe(t);
      }),
    );
  });

  it('amountsFromBasisPoints never allocates more than the total when they make less', () => {
    fc.assert(
      fc.property(
        total,
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 19 }),
        (t, bp) => {
          const amounts = amountsFromBasisPoints(t, bp);
          expect(sum(amounts)).toBeLessThanOrEqual(t);
          expect(amounts.every((a) => a >= 0)).toBe(true);
        },
      ),
    );
  });
});

const MIN_DAILY = { EUR: 100, USD: 120, GBP: 90 } as const;
const rulesOf = (key: string): PlatformRules => ({
  key,
  displayName: key.toUpperCase(),
  objectives: [1, 2, 3, 4, 5, 6],
  minDailyBudgetMinor: MIN_DAILY,
  bidStrategies: ['lowest_cost', 'cost_cap'],
  minAge: 13,
  minAgeByObjective: {},
  maxInterests: 10,
  minAudienceSize: 1000,
  maxReachPerDailyMinor: 1000,
  creative: sampleCreativeSpecs(key, key.toUpperCase()),
});
const PLATFORM_KEYS = ['meta', 'google', 'tiktok'] as const;

/** Per platform, consecutive flights inside the campaign: their lengths, and the extra above each minimum. */
const platformPlan = fc.record({
  lengths: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 5 }),
  extra: fc.integer({ min: 0, max: 1_000_000_000 }),
  weights: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 }),
  pacing: fc.constantFrom('even' as const, 'front_loaded' as const),
});

describe('the schedule check', () => {
  it('accepts flights made to add up to each allocation, in EUR, USD or GBP', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('EUR' as const, 'USD' as const, 'GBP' as const),
        fc.subarray([...PLATFORM_KEYS], { minLength: 1 }),
        fc.array(platformPlan, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 400 }),
        (currency, platforms, plans, startOffset) => {
          const today = '2026-11-24';
          const start = addDays(today, startOffset);
          const flights: Flight[] = [];
          const allocations: Record<string, { amountMinor: number }> = {};
          let end = start;
          platforms.forEach((platform, p) => {
            const plan = plans[p]!;
            // Each flight gets its days' minimum, and the extra is split across them to the unit.
            const extras = splitByWeights(plan.extra, plan.weights.slice(0, plan.lengths.length));
            let day = start;
            let allocated = 0;
            plan.lengths.forEach((length, i) => {
              const last = addDays(day, length - 1);
              const amountMinor = MIN_DAILY[currency] * length + extras[i]!;
              flights.push({ platform, startDate: day, endDate: last, amountMinor, pacing: plan.pacing });
              allocated += amountMinor;
              if (last > end) end = last;
              day = addDays(last, 1);
            });
            allocations[platform] = { amountMinor: allocated };
          });
          const issues = checkSchedule(
            { startDate: start, endDate: end, flights },
            {
              rules: Object.fromEntries(PLATFORM_KEYS.map((k) => [k, rulesOf(k)])),
              platforms,
              allocations,
              currency,
              today,
            },
          );
          expect(issues).toEqual({});
        },
      ),
    );
  });
});

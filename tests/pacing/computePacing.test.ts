import { computePacing, type PacingInput, pacingVerdict } from '@contract/pacing';
import { addDays } from '@contract/planning/calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A 30-day period of 3 000.00: the even spend is 100.00 a day. */
const base = (overrides: Partial<PacingInput> = {}): PacingInput => ({
  amountMinor: 300_000,
  periodStart: '2026-06-01',
  periodEnd: '2026-06-30',
  today: '2026-06-11',
  dailySpend: [],
  bookedMinor: 250_000,
  ...overrides,
});
const everyDay = (from: string, days: number, spendMinor: number) =>
  Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), spendMinor }));

describe('computePacing', () => {
  it('compares spend through yesterday with an even spend and projects the last 7 days', () => {
    // 10 complete days: 5 at 80.00, 5 at 120.00 → 1 000.00 spent, exactly the ideal.
    const pacing = computePacing(
      base({
        dailySpend: [...everyDay('2026-06-01', 5, 8_000), ...everyDay('2026-06-06', 5, 12_000)],
      }),
    );
    expect(pacing).toMatchObject({
      spentMinor: 100_000,
      idealToDateMinor: 100_000,
      remainingMinor: 200_000,
      bookedMinor: 250_000,
      ratio: 1,
      status: 'on_track',
      completeDays: 10,
      periodDays: 30,
    });
    // Last 7 days: 2×80 + 5×120 = 760.00 → 108.57… a day × 20 days left = 2 171.43.
    expect(pacing.forecastEndMinor).toBe(100_000 + Math.round((76_000 / 7) * 20));
    expect(pacing.series[9]).toEqual({
      date: '2026-06-10',
      spentCumulativeMinor: 100_000,
      idealCumulativeMinor: 100_000,
      forecastCumulativeMinor: 100_000,
    });
    expect(pacing.series[10]?.spentCumulativeMinor).toBeNull();
    expect(pacing.series[8]?.forecastCumulativeMinor).toBeNull();
  });

  it('ignores today (incomplete), days outside the period, and sums a repeated date', () => {
    const pacing = computePacing(
      base({
        dailySpend: [
          { date: '2026-05-31', spendMinor: 99_999 },
          { date: '2026-06-11', spendMinor: 99_999 },
          { date: '2026-06-02', spendMinor: 5_000 },
          { date: '2026-06-02', spendMinor: 5_000 },
        ],
      }),
    );
    expect(pacing.spentMinor).toBe(10_000);
    expect(pacing.status).toBe('underpacing');
  });

  it('says not_started before the period, too_early in its first days, ended after it', () => {
    expect(computePacing(base({ today: '2026-05-20' })).status).toBe('not_started');
    expect(computePacing(base({ today: '2026-06-03' })).status).toBe('too_early'); // 2 complete days
    expect(
      computePacing(base({ today: '2026-06-04', dailySpend: everyDay('2026-06-01', 3, 0) })).status,
    ).toBe('underpacing');
    // A year: 5 % is 18.25 days, so 18 complete days still give no verdict.
    const year = base({ periodStart: '2026-01-01', periodEnd: '2026-12-31', amountMinor: 365_000 });
    expect(computePacing({ ...year, today: '2026-01-19' }).status).toBe('too_early');
    expect(computePacing({ ...year, today: '2026-01-20' }).status).toBe('underpacing');
    const ended = computePacing(base({ today: '2026-07-05', dailySpend: everyDay('2026-06-01', 30, 9_000) }));
    expect(ended).toMatchObject({ status: 'ended', spentMinor: 270_000, forecastEndMinor: 270_000 });
    expect(ended.series.every((p) => p.forecastCumulativeMinor === null)).toBe(true);
  });

  it('puts the default thresholds at exactly ±15 % (on track) and just beyond', () => {
    expect(pacingVerdict(85_000, 100_000)).toBe('on_track');
    expect(pacingVerdict(84_999, 100_000)).toBe('underpacing');
    expect(pacingVerdict(115_000, 100_000)).toBe('on_track');
    expect(pacingVerdict(115_001, 100_000)).toBe('overpacing');
    // Through the whole computation: 10 complete days, ideal 1 000.00.
    const at = (spent: number) =>
      computePacing(base({ dailySpend: [{ date: '2026-06-01', spendMinor: spent }] })).status;
    expect([at(85_000), at(84_999), at(115_000), at(115_001)]).toEqual([
      'on_track',
      'underpacing',
      'on_track',
      'overpacing',
    ]);
  });

  it('judges by the account’s thresholds, under and over each their own', () => {
    const thresholds = { underPercent: 10, overPercent: 40 };
    expect(pacingVerdict(90_000, 100_000, thresholds)).toBe('on_track');
    expect(pacingVerdict(89_999, 100_000, thresholds)).toBe('underpacing');
    expect(pacingVerdict(140_000, 100_000, thresholds)).toBe('on_track');
    expect(pacingVerdict(140_001, 100_000, thresholds)).toBe('overpacing');
    const pacing = computePacing(
      base({ dailySpend: [{ date: '2026-06-01', spendMinor: 89_999 }], thresholds }),
    );
    expect([pacing.status, pacing.thresholds]).toEqual(['underpacing', thresholds]);
  });

  it('paces against what is booked, each booking over its own days, not the whole amount', () => {
    // A 330 000.00 budget over June with 2 300.00 booked over 1–10 June, all of it spent evenly by the 11th.
    const pacing = computePacing(
      base({
        amountMinor: 33_000_000,
        bookedMinor: 230_000,
        plan: [{ amountMinor: 230_000, startDate: '2026-06-01', endDate: '2026-06-10' }],
        dailySpend: everyDay('2026-06-01', 10, 23_000),
      }),
    );
    expect(pacing).toMatchObject({ idealToDateMinor: 230_000, spentMinor: 230_000, status: 'on_track' });
    expect(pacing.series.at(-1)?.idealCumulativeMinor).toBe(230_000);
    // Two bookings, one starting mid-period: the planned line adds each one's even spend.
    const two = computePacing(
      base({
        plan: [
          { amountMinor: 30_000, startDate: '2026-06-01', endDate: '2026-06-30' },
          { amountMinor: 10_000, startDate: '2026-06-06', endDate: '2026-06-15' },
        ],
      }),
    );
    expect(two.idealToDateMinor).toBe(10_000 + 5_000); // 10 of 30 days, 5 of 10 days
    expect(two.status).toBe('underpacing');
  });

  it('keeps a zero amount honest: no ratio, any spend is overpacing', () => {
    const zero = computePacing(base({ amountMinor: 0, dailySpend: [{ date: '2026-06-05', spendMinor: 1 }] }));
    expect([zero.ratio, zero.status]).toEqual([null, 'overpacing']);
  });
});

const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2025-01-01', n));
const scenario = fc
  .record({
    start: day,
    length: fc.integer({ min: 1, max: 400 }),
    todayOffset: fc.integer({ min: -30, max: 430 }),
    amountMinor: fc.integer({ min: 0, max: 1_000_000_000 }),
    spends: fc.array(
      fc.record({ offset: fc.integer({ min: -5, max: 410 }), spendMinor: fc.nat(5_000_000) }),
      {
        maxLength: 60,
      },
    ),
  })
  .map(({ start, length, todayOffset, amountMinor, spends }) =>
    base({
      amountMinor,
      periodStart: start,
      periodEnd: addDays(start, length - 1),
      today: addDays(start, todayOffset),
      dailySpend: spends.map((s) => ({ date: addDays(start, s.offset), spendMinor: s.spendMinor })),
    }),
  );

describe('computePacing properties', () => {
  it('ends the ideal line at the amount, never decreasing', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { series } = computePacing(input);
        expect(series.at(-1)?.idealCumulativeMinor).toBe(input.amountMinor);
        for (let i = 1; i < series.length; i++)
          expect(series[i]!.idealCumulativeMinor).toBeGreaterThanOrEqual(series[i - 1]!.idealCumulativeMinor);
      }),
    );
  });

  it('starts the forecast at spent to date and ends it at the forecast total', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const pacing = computePacing(input);
        const forecast = pacing.series.filter((p) => p.forecastCumulativeMinor !== null);
        if (pacing.status === 'ended' || pacing.status === 'not_started') {
          expect(forecast).toEqual([]);
          return;
        }
        if (pacing.completeDays > 0) {
          expect(forecast[0]?.forecastCumulativeMinor).toBe(pacing.spentMinor);
          expect(forecast[0]?.spentCumulativeMinor).toBe(pacing.spentMinor);
        }
        expect(forecast.at(-1)?.forecastCumulativeMinor).toBe(pacing.forecastEndMinor);
      }),
    );
  });

  it('spends what the complete days in the period spent, and the last spent point says so', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const pacing = computePacing(input);
        const lastComplete = addDays(input.today, -1);
        const expected = input.dailySpend
          .filter((d) => d.date >= input.periodStart && d.date <= input.periodEnd && d.date <= lastComplete)
          .reduce((sum, d) => sum + d.spendMinor, 0);
        expect(pacing.spentMinor).toBe(expected);
        expect(pacing.remainingMinor).toBe(input.amountMinor - expected);
        const spent = pacing.series.filter((p) => p.spentCumulativeMinor !== null);
        expect(spent.length).toBe(pacing.completeDays);
        if (spent.length > 0) expect(spent.at(-1)?.spentCumulativeMinor).toBe(expected);
      }),
    );
  });

  it('gives a verdict that matches the account’s band whenever it gives one', () => {
    const threshold = fc.integer({ min: 1, max: 100 });
    fc.assert(
      fc.property(scenario, threshold, threshold, (scene, underPercent, overPercent) => {
        const input = { ...scene, thresholds: { underPercent, overPercent } };
        const pacing = computePacing(input);
        if (!['on_track', 'underpacing', 'overpacing'].includes(pacing.status)) return;
        const ideal = pacing.idealToDateMinor;
        const expected =
          pacing.spentMinor * 100 < ideal * (100 - underPercent)
            ? 'underpacing'
            : pacing.spentMinor * 100 > ideal * (100 + overPercent)
              ? 'overpacing'
              : 'on_track';
        expect(pacing.status).toBe(expected);
      }),
    );
  });
});

describe('the plan line (what is booked)', () => {
  it('is the even spend when the plan is the amount over the whole period', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const planned = computePacing({
          ...input,
          plan: [{ amountMinor: input.amountMinor, startDate: input.periodStart, endDate: input.periodEnd }],
        });
        expect(planned).toEqual(computePacing(input));
      }),
    );
  });

  it('never decreases and ends at the booked parts that fall in the period', () => {
    const part = fc.record({
      offset: fc.integer({ min: -20, max: 420 }),
      length: fc.integer({ min: 1, max: 90 }),
      amountMinor: fc.nat(10_000_000),
    });
    fc.assert(
      fc.property(scenario, fc.array(part, { maxLength: 8 }), (input, parts) => {
        const plan = parts.map((p) => ({
          amountMinor: p.amountMinor,
          startDate: addDays(input.periodStart, p.offset),
          endDate: addDays(input.periodStart, p.offset + p.length - 1),
        }));
        const { series } = computePacing({ ...input, plan });
        for (let i = 1; i < series.length; i++)
          expect(series[i]!.idealCumulativeMinor).toBeGreaterThanOrEqual(series[i - 1]!.idealCumulativeMinor);
        const inPeriod = plan
          .filter((p) => p.startDate >= input.periodStart && p.endDate <= input.periodEnd)
          .reduce((sum, p) => sum + p.amountMinor, 0);
        const touching = plan.some(
          (p) =>
            p.endDate >= input.periodStart &&
            p.startDate <= input.periodEnd &&
            (p.startDate < input.periodStart || p.endDate > input.periodEnd),
        );
        // Wholly inside the period, a booking counts in full by the period's end.
        if (!touching) expect(series.at(-1)?.idealCumulativeMinor).toBe(inPeriod);
      }),
    );
  });
});

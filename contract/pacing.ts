import * as v from 'valibot';
import { addDays, daysInclusive } from './planning/calendar';

/**
 * Budget pacing (docs/pacing.md): how a budget's or a flight's spend so far compares with an even spend
 * over its period, and where the recent run-rate would end it. Pure, so the server answers with it and
 * tests check it without a database.
 *
 * "So far" counts the complete days only: the days before `today`. Platforms report today's spend late
 * and partly, so counting it would make every budget look behind until midnight.
 */

export const PACING_STATUSES = [
  'not_started',
  'too_early',
  'on_track',
  'underpacing',
  'overpacing',
  'ended',
] as const;
export type PacingStatus = (typeof PACING_STATUSES)[number];

/** Spend within ±10 % of the ideal to date is on track; media buyers' usual daily-pacing tolerance. */
export const PACING_TOLERANCE = 0.1;
/** No verdict before this many complete days: one weekend day would swing it by itself. */
export const MIN_VERDICT_DAYS = 3;
/** ...nor before this share of the period has passed (long periods: 3 days of a year say nothing). */
export const MIN_VERDICT_SHARE = 0.05;
/** The forecast extends the average daily spend of this many last complete days (one weekly cycle). */
export const RUN_RATE_DAYS = 7;

/** What each status means, in the words the pages show beside the badge. */
export const PACING_MEANINGS: Record<PacingStatus, string> = {
  not_started: 'The period has not started yet.',
  too_early: `Too early to tell: fewer than ${MIN_VERDICT_DAYS} complete days or ${MIN_VERDICT_SHARE * 100} % of the period.`,
  on_track: `Spend to date is within ±${PACING_TOLERANCE * 100} % of an even spend.`,
  underpacing: `Spend to date is more than ${PACING_TOLERANCE * 100} % below an even spend.`,
  overpacing: `Spend to date is more than ${PACING_TOLERANCE * 100} % above an even spend.`,
  ended: 'The period has ended; the figures are final.',
};

export const PACING_LABELS: Record<PacingStatus, string> = {
  not_started: 'Not started',
  too_early: 'Too early',
  on_track: 'On track',
  underpacing: 'Underpacing',
  overpacing: 'Overpacing',
  ended: 'Ended',
};

export interface DailySpend {
  /** YYYY-MM-DD */
  date: string;
  spendMinor: number;
}

export interface PacingInput {
  amountMinor: number;
  periodStart: string;
  periodEnd: string;
  /** The day in progress (YYYY-MM-DD); spend counts through the day before. */
  today: string;
  /** Spend per day, in any order; days outside the period are ignored, a date may repeat (summed). */
  dailySpend: readonly DailySpend[];
  bookedMinor: number;
}

const PacingPointSchema = v.object({
  date: v.string(),
  /** null after the last complete day. */
  spentCumulativeMinor: v.nullable(v.number()),
  idealCumulativeMinor: v.number(),
  /** null before the last complete day; from it, spent to date plus the run-rate. */
  forecastCumulativeMinor: v.nullable(v.number()),
});
export type PacingPoint = v.InferOutput<typeof PacingPointSchema>;

export const PacingSchema = v.object({
  periodStart: v.string(),
  periodEnd: v.string(),
  today: v.string(),
  amountMinor: v.number(),
  bookedMinor: v.number(),
  spentMinor: v.number(),
  remainingMinor: v.number(),
  idealToDateMinor: v.number(),
  /** spent ÷ ideal to date; null while the ideal is 0. */
  ratio: v.nullable(v.number()),
  status: v.picklist(PACING_STATUSES),
  forecastEndMinor: v.number(),
  completeDays: v.number(),
  periodDays: v.number(),
  series: v.array(PacingPointSchema),
});
export type Pacing = v.InferOutput<typeof PacingSchema>;

/** The even-spend line: day i of n has spent round(amount·i/n), so its last day is the amount exactly. */
const idealThrough = (amountMinor: number, days: number, periodDays: number) =>
  periodDays === 0 ? 0 : Math.round((amountMinor * days) / periodDays);

/**
 * The status of `spent` against `ideal`. Integer comparisons (spent·10 vs ideal·9 and ·11), so a boundary
 * (exactly −10 % or +10 %) is on track whatever floating point would make of it.
 */
export function pacingVerdict(spentMinor: number, idealMinor: number): PacingStatus {
  const tolerance = Math.round(PACING_TOLERANCE * 100);
  if (spentMinor * 100 < idealMinor * (100 - tolerance)) return 'underpacing';
  if (spentMinor * 100 > idealMinor * (100 + tolerance)) return 'overpacing';
  return 'on_track';
}

export function computePacing(input: PacingInput): Pacing {
  const { amountMinor, periodStart, periodEnd, today, bookedMinor } = input;
  const periodDays = daysInclusive(periodStart, periodEnd);
  const lastComplete = addDays(today, -1);
  const completeDays = Math.min(periodDays, daysInclusive(periodStart, lastComplete));

  const byDate = new Map<string, number>();
  for (const { date, spendMinor } of input.dailySpend) {
    if (date < periodStart || date > periodEnd || date > lastComplete) continue;
    byDate.set(date, (byDate.get(date) ?? 0) + spendMinor);
  }

  let spentMinor = 0;
  for (let i = 0; i < completeDays; i++) spentMinor += byDate.get(addDays(periodStart, i)) ?? 0;

  const recentDays = Math.min(RUN_RATE_DAYS, completeDays);
  let recentMinor = 0;
  for (let i = completeDays - recentDays; i < completeDays; i++)
    recentMinor += byDate.get(addDays(periodStart, i)) ?? 0;
  const runRate = recentDays === 0 ? 0 : recentMinor / recentDays;
  const forecastAt = (daysAfter: number) => spentMinor + Math.round(runRate * daysAfter);
  const forecastEndMinor = forecastAt(periodDays - completeDays);

  const idealToDateMinor = idealThrough(amountMinor, completeDays, periodDays);
  const ratio = idealToDateMinor === 0 ? null : spentMinor / idealToDateMinor;

  let status: PacingStatus;
  if (today < periodStart) status = 'not_started';
  else if (completeDays >= periodDays) status = 'ended';
  else if (completeDays < MIN_VERDICT_DAYS || completeDays < periodDays * MIN_VERDICT_SHARE)
    status = 'too_early';
  else status = pacingVerdict(spentMinor, idealToDateMinor);

  const series: PacingPoint[] = [];
  let cumulative = 0;
  for (let i = 0; i < periodDays; i++) {
    const date = addDays(periodStart, i);
    const complete = i < completeDays;
    if (complete) cumulative += byDate.get(date) ?? 0;
    // The forecast joins the spent line at its last point (or at the start, before any complete day).
    const forecasting = status !== 'ended' && status !== 'not_started' && i >= completeDays - 1;
    series.push({
      date,
      spentCumulativeMinor: complete ? cumulative : null,
      idealCumulativeMinor: idealThrough(amountMinor, i + 1, periodDays),
      forecastCumulativeMinor: forecasting ? forecastAt(i + 1 - completeDays) : null,
    });
  }

  return {
    periodStart,
    periodEnd,
    today,
    amountMinor,
    bookedMinor,
    spentMinor,
    remainingMinor: amountMinor - spentMinor,
    idealToDateMinor,
    ratio,
    status,
    forecastEndMinor,
    completeDays,
    periodDays,
    series,
  };
}

// --- The wire ---------------------------------------------------------------------------------------

/** `GET /api/budgets/{id}/pacing` */
export const BudgetPacingSchema = v.object({
  budget: v.object({
    id: v.string(),
    name: v.string(),
    currency: v.string(),
  }),
  pacing: PacingSchema,
});
export type BudgetPacing = v.InferOutput<typeof BudgetPacingSchema>;

const DeliveryTotalsSchema = v.object({
  impressions: v.number(),
  reach: v.number(),
  clicks: v.number(),
  spendMinor: v.number(),
  conversions: v.number(),
  /** spend ÷ conversions, rounded to minor units; null without conversions. */
  costPerConversionMinor: v.nullable(v.number()),
});
export type DeliveryTotals = v.InferOutput<typeof DeliveryTotalsSchema>;

/** `GET /api/campaigns/{id}/delivery` */
export const CampaignDeliverySchema = v.object({
  campaign: v.object({ id: v.string(), name: v.string(), currency: v.string(), status: v.string() }),
  today: v.string(),
  totals: DeliveryTotalsSchema,
  platforms: v.array(v.object({ platformKey: v.string(), totals: DeliveryTotalsSchema })),
  flights: v.array(
    v.object({
      id: v.string(),
      platformKey: v.string(),
      position: v.number(),
      startDate: v.string(),
      endDate: v.string(),
      amountMinor: v.number(),
      pacing: PacingSchema,
    }),
  ),
  /** Spend per day over the campaign's delivery, all platforms together. */
  daily: v.array(v.object({ date: v.string(), spendMinor: v.number() })),
});
export type CampaignDelivery = v.InferOutput<typeof CampaignDeliverySchema>;

/** `GET /api/dashboard/spend` */
export const DashboardSpendSchema = v.object({
  month: v.object({ start: v.string(), end: v.string(), today: v.string() }),
  /** One row per currency with spend or plan this month. */
  currencies: v.array(
    v.object({
      currency: v.string(),
      spentMinor: v.number(),
      /** The flights' amounts prorated to this month's days. */
      plannedMinor: v.number(),
      /** The same, through the last complete day. */
      plannedToDateMinor: v.number(),
    }),
  ),
  /** Budgets in progress with a verdict, furthest from an even spend first (at most 5). */
  offPace: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      currency: v.string(),
      amountMinor: v.number(),
      spentMinor: v.number(),
      idealToDateMinor: v.number(),
      ratio: v.nullable(v.number()),
      status: v.picklist(PACING_STATUSES),
    }),
  ),
});
export type DashboardSpend = v.InferOutput<typeof DashboardSpendSchema>;

/** Delivery counts summed, with the cost per conversion computed from the sums. */
export function deliveryTotals(
  rows: readonly Omit<DeliveryTotals, 'costPerConversionMinor'>[],
): DeliveryTotals {
  const sum = { impressions: 0, reach: 0, clicks: 0, spendMinor: 0, conversions: 0 };
  for (const row of rows) {
    sum.impressions += row.impressions;
    sum.reach += row.reach;
    sum.clicks += row.clicks;
    sum.spendMinor += row.spendMinor;
    sum.conversions += row.conversions;
  }
  return {
    ...sum,
    costPerConversionMinor: sum.conversions === 0 ? null : Math.round(sum.spendMinor / sum.conversions),
  };
}

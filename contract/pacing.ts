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

/**
 * How far spend to date may stray from what is planned (booked) to date before it is off pace, per account
 * (Settings → Pacing alerts). The default: more than 15 % either way.
 */
export interface PacingThresholds {
  /** Spend more than this % below the planned-to-date is underpacing. */
  underPercent: number;
  /** Spend more than this % above the planned-to-date is overpacing. */
  overPercent: number;
}
export const DEFAULT_PACING_THRESHOLDS: Readonly<PacingThresholds> = { underPercent: 15, overPercent: 15 };
/** The bounds a threshold may take (whole per cents). */
export const PACING_THRESHOLD_MIN = 1;
export const PACING_THRESHOLD_MAX = 100;
/** No verdict before this many complete days: one weekend day would swing it by itself. */
export const MIN_VERDICT_DAYS = 3;
/** ...nor before this share of the period has passed (long periods: 3 days of a year say nothing). */
export const MIN_VERDICT_SHARE = 0.05;
/** The forecast extends the average daily spend of this many last complete days (one weekly cycle). */
export const RUN_RATE_DAYS = 7;

/** What each status means with these thresholds, in the words the pages show beside the badge. */
export function pacingMeanings(
  thresholds: PacingThresholds = DEFAULT_PACING_THRESHOLDS,
): Record<PacingStatus, string> {
  const { underPercent: under, overPercent: over } = thresholds;
  return {
    not_started: 'The period has not started yet.',
    too_early: `Too early to tell: fewer than ${MIN_VERDICT_DAYS} complete days or ${MIN_VERDICT_SHARE * 100} % of the period.`,
    on_track: `Spend to date is within −${under} % / +${over} % of what is planned to date.`,
    underpacing: `Spend to date is more than ${under} % below what is planned to date.`,
    overpacing: `Spend to date is more than ${over} % above what is planned to date.`,
    ended: 'The period has ended; the figures are final.',
  };
}

/** The meanings with the default thresholds (a badge that does not know the account's). */
export const PACING_MEANINGS: Record<PacingStatus, string> = pacingMeanings();

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

/** Money planned over some days (a booking, a flight): spent evenly over them. */
export interface PlannedSpend {
  amountMinor: number;
  startDate: string;
  endDate: string;
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
  /**
   * What is planned, as amounts over days (a budget: its bookings). The planned line adds up each one's even
   * spend within the period. Absent: `amountMinor` spent evenly over the period (a flight).
   */
  plan?: readonly PlannedSpend[];
  /** The account's thresholds; the default when absent. */
  thresholds?: PacingThresholds;
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
  /** The thresholds the status was judged by (the account's). */
  thresholds: v.object({ underPercent: v.number(), overPercent: v.number() }),
  forecastEndMinor: v.number(),
  completeDays: v.number(),
  periodDays: v.number(),
  series: v.array(PacingPointSchema),
});
export type Pacing = v.InferOutput<typeof PacingSchema>;

/** The even-spend line: day i of n has spent round(amount·i/n), so its last day is the amount exactly. */
const idealThrough = (amountMinor: number, days: number, periodDays: number) =>
  periodDays === 0 ? 0 : Math.round((amountMinor * days) / periodDays);

/** Days of [start, end] that fall in [from, to] (0 when they do not meet). */
function overlapDays(start: string, end: string, from: string, to: string): number {
  const first = start > from ? start : from;
  const last = end < to ? end : to;
  return last < first ? 0 : daysInclusive(first, last);
}

/** What the plan has spent by the end of `day`, each part evenly over its days, counted from `periodStart`. */
function plannedThrough(plan: readonly PlannedSpend[], periodStart: string, day: string): number {
  let total = 0;
  for (const part of plan) {
    if (part.endDate < part.startDate) continue;
    const days = overlapDays(part.startDate, part.endDate, periodStart, day);
    if (days > 0)
      total += Math.round((part.amountMinor * days) / daysInclusive(part.startDate, part.endDate));
  }
  return total;
}

/**
 * THE pacing rule (docs/pacing.md), used by the flights' and budgets' pacing, the dashboard's "Budgets off
 * pace" and the pacing alerts: `spent` against what is planned to date, with the account's thresholds.
 * Integer comparisons (spent·100 vs planned·(100 − under) and ·(100 + over)), so a boundary (exactly −15 %
 * or +15 %) is on track whatever floating point would make of it.
 */
export function pacingVerdict(
  spentMinor: number,
  plannedMinor: number,
  thresholds: PacingThresholds = DEFAULT_PACING_THRESHOLDS,
): 'underpacing' | 'on_track' | 'overpacing' {
  if (spentMinor * 100 < plannedMinor * (100 - thresholds.underPercent)) return 'underpacing';
  if (spentMinor * 100 > plannedMinor * (100 + thresholds.overPercent)) return 'overpacing';
  return 'on_track';
}

/** Whether a status is off pace (what the alerts and "Budgets off pace" are about). */
export const isOffPace = (status: PacingStatus): status is 'underpacing' | 'overpacing' =>
  status === 'underpacing' || status === 'overpacing';

export function computePacing(input: PacingInput): Pacing {
  const { amountMinor, periodStart, periodEnd, today, bookedMinor } = input;
  const thresholds = input.thresholds ?? DEFAULT_PACING_THRESHOLDS;
  const plan = input.plan;
  const planned = (days: number) =>
    plan
      ? days <= 0
        ? 0
        : plannedThrough(plan, periodStart, addDays(periodStart, days - 1))
      : idealThrough(amountMinor, days, periodDays);
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

  const idealToDateMinor = planned(completeDays);
  const ratio = idealToDateMinor === 0 ? null : spentMinor / idealToDateMinor;

  let status: PacingStatus;
  if (today < periodStart) status = 'not_started';
  else if (completeDays >= periodDays) status = 'ended';
  else if (completeDays < MIN_VERDICT_DAYS || completeDays < periodDays * MIN_VERDICT_SHARE)
    status = 'too_early';
  else status = pacingVerdict(spentMinor, idealToDateMinor, thresholds);

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
      idealCumulativeMinor: planned(i + 1),
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
    thresholds: { underPercent: thresholds.underPercent, overPercent: thresholds.overPercent },
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
  /** Budgets in progress that are off pace (the account's thresholds, spend against booked), furthest first (at most 5). */
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

// --- Pacing alerts: the account's thresholds (issue 28) -----------------------------------------------

const ThresholdPercent = (label: string) =>
  v.pipe(
    v.number(`Enter the ${label} threshold as a number of per cent`),
    v.integer(`Enter the ${label} threshold as a whole number of per cent`),
    v.minValue(PACING_THRESHOLD_MIN, `The ${label} threshold must be at least ${PACING_THRESHOLD_MIN} %`),
    v.maxValue(PACING_THRESHOLD_MAX, `The ${label} threshold must be at most ${PACING_THRESHOLD_MAX} %`),
  );

const PacingSettingsEntries = {
  underPercent: ThresholdPercent('underpacing'),
  overPercent: ThresholdPercent('overpacing'),
};

/**
 * `PUT /api/pacing/settings`: the current account's thresholds. A missing field is named with its own
 * message; a field it does not take is refused by name.
 */
export const PacingSettingsUpdateSchema = v.strictObject(PacingSettingsEntries, (issue) => {
  const key = issue.path?.[0]?.key;
  if (typeof key === 'string' && Object.hasOwn(PacingSettingsEntries, key)) {
    const result = v.safeParse(PacingSettingsEntries[key as keyof typeof PacingSettingsEntries], undefined);
    if (!result.success && result.issues[0]) return result.issues[0].message;
  }
  if (typeof key === 'string') return `Unknown field: ${key} (send underPercent and overPercent)`;
  return 'Send the body as a JSON object';
});
export type PacingSettingsUpdate = v.InferOutput<typeof PacingSettingsUpdateSchema>;

/** `GET /api/pacing/settings` (and the PUT's answer). */
export const PacingSettingsSchema = v.object({
  underPercent: v.number(),
  overPercent: v.number(),
  /** No one changed them: the product's defaults. */
  isDefault: v.boolean(),
  updatedAt: v.nullable(v.string()),
});
export type PacingSettings = v.InferOutput<typeof PacingSettingsSchema>;

// --- The campaign page's suggestion: move unspent money to a platform that delivers --------------------

type FlightPacing = Pick<CampaignDelivery['flights'][number], 'platformKey' | 'amountMinor'> & {
  pacing: Pick<Pacing, 'status' | 'ratio' | 'forecastEndMinor' | 'spentMinor'>;
};

export interface PacingSuggestion {
  /** The platform that under-delivers: its flights in progress will leave this much unspent. */
  fromPlatform: string;
  /** The platform that delivers (on track or ahead, the furthest ahead first). */
  toPlatform: string;
  amountMinor: number;
  /** Every platform's new amount (the wizard's split): `from` less, `to` more, the total unchanged. */
  allocations: Record<string, number>;
}

/** Suggestions below this many minor units are not worth a change (1.00 in the campaign's currency). */
export const SUGGESTION_MIN_MINOR = 100;

/**
 * Whether to suggest moving money between platforms, and how much (pure; tests/pacing). A platform under-
 * delivers when a flight of it in progress is underpacing; what it will leave unspent is what its flights in
 * progress will not spend at the recent run-rate (amount − forecast), rounded down to whole units. It goes to
 * the platform whose flights in progress deliver (none underpacing), the one furthest ahead; never more than
 * the first platform has left. Null: nothing to suggest. When several platforms under-deliver, the one that
 * leaves the most unspent is suggested first.
 */
export function suggestReallocation(
  flights: readonly FlightPacing[],
  allocations: Readonly<Record<string, number>>,
): PacingSuggestion | null {
  const judged = flights.filter((f) => ['underpacing', 'on_track', 'overpacing'].includes(f.pacing.status));
  const platforms = [...new Set(judged.map((f) => f.platformKey))].filter((key) => key in allocations);
  const unspent = new Map<string, number>();
  const ahead = new Map<string, number>();
  for (const key of platforms) {
    const own = judged.filter((f) => f.platformKey === key);
    if (own.some((f) => f.pacing.status === 'underpacing')) {
      const left = own.reduce((sum, f) => sum + Math.max(0, f.amountMinor - f.pacing.forecastEndMinor), 0);
      const spendable = Math.max(0, allocations[key]! - own.reduce((sum, f) => sum + f.pacing.spentMinor, 0));
      const amount = Math.floor(Math.min(left, spendable) / 100) * 100;
      if (amount >= SUGGESTION_MIN_MINOR) unspent.set(key, amount);
    } else {
      ahead.set(key, Math.max(...own.map((f) => f.pacing.ratio ?? 0)));
    }
  }
  const from = [...unspent].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const to = [...ahead].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  if (!from || !to) return null;
  const [fromPlatform, amountMinor] = from;
  const toPlatform = to[0];
  return {
    fromPlatform,
    toPlatform,
    amountMinor,
    allocations: {
      ...allocations,
      [fromPlatform]: allocations[fromPlatform]! - amountMinor,
      [toPlatform]: allocations[toPlatform]! + amountMinor,
    },
  };
}

/**
 * The platforms step's split with the suggestion applied to the plan's own amounts: `amountMinor` moved from
 * one platform to the other, everything else (total, bid strategies, cost caps) as it is.
 */
export function movedAllocations<A extends { amountMinor: number }>(
  allocations: Readonly<Record<string, A>>,
  move: Pick<PacingSuggestion, 'fromPlatform' | 'toPlatform' | 'amountMinor'>,
): Record<string, A> {
  const from = allocations[move.fromPlatform];
  const to = allocations[move.toPlatform];
  if (!from || !to)
    throw new Error(`The plan has no ${!from ? move.fromPlatform : move.toPlatform} to move money with`);
  const amount = Math.min(move.amountMinor, from.amountMinor);
  return {
    ...allocations,
    [move.fromPlatform]: { ...from, amountMinor: from.amountMinor - amount },
    [move.toPlatform]: { ...to, amountMinor: to.amountMinor + amount },
  };
}

/**
 * The flights that carry a suggested move (issue 28): the amount comes off the moving platform's last flight
 * still running or to come (`endDate` on or after `today`) and goes onto the receiving platform's, so the
 * schedule keeps adding up to the new split. Without such a flight on either side the flights stay as they
 * are (the schedule step then says what to fix).
 */
export function movedFlights<F extends { platform: string; endDate: string; amountMinor: number }>(
  flights: readonly F[],
  move: Pick<PacingSuggestion, 'fromPlatform' | 'toPlatform' | 'amountMinor'>,
  today: string,
): F[] {
  const lastOpen = (platform: string) =>
    flights.findLastIndex((flight) => flight.platform === platform && flight.endDate >= today);
  const from = lastOpen(move.fromPlatform);
  const to = lastOpen(move.toPlatform);
  if (from < 0 || to < 0) return [...flights];
  const amount = Math.min(move.amountMinor, flights[from]!.amountMinor);
  return flights.map((flight, index) =>
    index === from
      ? { ...flight, amountMinor: flight.amountMinor - amount }
      : index === to
        ? { ...flight, amountMinor: flight.amountMinor + amount }
        : flight,
  );
}

/**
 * How a sandbox platform delivers a live campaign, day by day. Deterministic: the same campaign, flights and
 * day always give the same numbers (a seed from the platform's external id), so tests, demos and the bulk
 * seed agree. Shaped like the real thing:
 * - spend follows the flight's pacing (even, or front-loaded: 1.5× on the first day down to 0.5× on the
 *   last), a weekly rhythm (weekends lower, more so on LinkedIn and Microsoft), and ±8 % daily noise;
 * - a flight spends 92–99 % of its amount (platforms under-deliver a little) and never more: the days are
 *   floored to whole minor units after scaling to that total;
 * - impressions from spend and a CPM that depends on the platform, the objective and how narrow the
 *   audience is; clicks from a CTR by platform and objective; conversions from a conversion rate by
 *   objective; reach from impressions and a daily frequency, capped by the audience;
 * - the last RESTATEMENT_DAYS days are preliminary and grow to their final figures as the days pass
 *   (conversions most, as attribution windows close), so a sync that re-reads them sees restatements.
 */
import { type DeliveryCounts, RESTATEMENT_DAYS } from '@contract/delivery';
import type { Pacing } from '@contract/planning';

export interface DeliveryFlight {
  startDate: string;
  endDate: string;
  amountMinor: number;
  pacing: Pacing;
}

export interface DeliveryInput {
  /** The platform's id of the campaign: the seed of its noise. */
  externalId: string;
  platformKey: string;
  objectiveId: number;
  /** The midpoint of the audience estimate; null = unknown (a broad audience is assumed). */
  audienceSize: number | null;
  flights: readonly DeliveryFlight[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
// The bulk seed asks for the same few hundred days millions of times; formatting a Date is the slow part.
const DAY_STRINGS = new Map<number, string>();
function dayString(n: number): string {
  let text = DAY_STRINGS.get(n);
  if (text === undefined) {
    if (DAY_STRINGS.size > 50_000) DAY_STRINGS.clear();
    text = new Date(n * DAY_MS).toISOString().slice(0, 10);
    DAY_STRINGS.set(n, text);
  }
  return text;
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a's state after `text`, continuing from `state`: a shared prefix is hashed once, not per use. */
function fnv(state: number, text: string): number {
  let h = state;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** mulberry32's finaliser over an FNV-1a state: a stable number in [0, 1). */
function finish(state: number): number {
  let t = state + 0x6d2b79f5;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** FNV-1a over the text, then mulberry32's finaliser: a stable number in [0, 1). */
export function unitHash(text: string): number {
  return finish(fnv(FNV_OFFSET, text));
}

/** Per platform: CPM in minor units, click-through rate, and how much weekends lose. */
const PLATFORM_SHAPE: Record<string, { cpmMinor: number; ctr: number; weekend: number }> = {
  meta: { cpmMinor: 700, ctr: 0.009, weekend: 0.95 },
  google: { cpmMinor: 2200, ctr: 0.035, weekend: 0.85 },
  tiktok: { cpmMinor: 600, ctr: 0.008, weekend: 1.05 },
  linkedin: { cpmMinor: 3000, ctr: 0.005, weekend: 0.55 },
  microsoft: { cpmMinor: 1800, ctr: 0.028, weekend: 0.7 },
  snapchat: { cpmMinor: 400, ctr: 0.006, weekend: 1.05 },
  pinterest: { cpmMinor: 500, ctr: 0.004, weekend: 1.0 },
};
const DEFAULT_SHAPE = { cpmMinor: 800, ctr: 0.01, weekend: 0.9 };

/** Per objective (contract/reference OBJECTIVES): CPM factor, CTR factor, conversion rate per click. */
const OBJECTIVE_SHAPE: Record<number, { cpm: number; ctr: number; cvr: number }> = {
  1: { cpm: 0.7, ctr: 0.6, cvr: 0.005 }, // Awareness
  2: { cpm: 1.0, ctr: 1.3, cvr: 0.01 }, // Traffic
  3: { cpm: 0.9, ctr: 1.1, cvr: 0.008 }, // Engagement
  4: { cpm: 1.25, ctr: 1.0, cvr: 0.06 }, // Leads
  5: { cpm: 1.1, ctr: 1.1, cvr: 0.04 }, // App promotion
  6: { cpm: 1.3, ctr: 1.0, cvr: 0.035 }, // Sales
};
const DEFAULT_OBJECTIVE = { cpm: 1, ctr: 1, cvr: 0.01 };

/** Monday … Sunday, before the platform's weekend factor. */
const WEEKDAY = [1.0, 1.02, 1.03, 1.04, 0.98, 0.9, 0.92];

/** Whole units from a fraction, rounded up or down by a stable coin so sums do not drift one way. */
const wholeUnits = (value: number, coin: number) => Math.floor(value + coin);

/**
 * Each day's final spend of one flight, in minor units; they add up to at most the flight's amount (the
 * under-delivery share), never more.
 */
export function flightSpends(input: DeliveryInput, flight: DeliveryFlight): number[] {
  const first = dayNumber(flight.startDate);
  const days = dayNumber(flight.endDate) - first + 1;
  if (days <= 0 || flight.amountMinor <= 0) return [];
  const shape = PLATFORM_SHAPE[input.platformKey] ?? DEFAULT_SHAPE;
  const weights: number[] = [];
  const seed = fnv(FNV_OFFSET, `${input.externalId}:`);
  for (let i = 0; i < days; i += 1) {
    const pacing = flight.pacing === 'front_loaded' && days > 1 ? 1.5 - i / (days - 1) : 1;
    const weekday = (new Date((first + i) * DAY_MS).getUTCDay() + 6) % 7;
    const rhythm = WEEKDAY[weekday] ?? 1;
    const weekend = weekday >= 5 ? shape.weekend : 1;
    const noise = 0.92 + 0.16 * finish(fnv(seed, `${dayString(first + i)}:spend`));
    weights.push(pacing * rhythm * weekend * noise);
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const delivered =
    flight.amountMinor * (0.92 + 0.07 * unitHash(`${input.externalId}:${flight.startDate}:rate`));
  // Floors only: the days can add up to less than `delivered`, never to more than the amount.
  return weights.map((weight) => Math.floor((delivered * weight) / total));
}

/** The final (fully restated) counts of one day, from its spend. */
export function countsFromSpend(input: DeliveryInput, day: string, spendMinor: number): DeliveryCounts {
  if (spendMinor <= 0) return { impressions: 0, reach: 0, clicks: 0, spendMinor: 0, conversions: 0 };
  const shape = PLATFORM_SHAPE[input.platformKey] ?? DEFAULT_SHAPE;
  const objective = OBJECTIVE_SHAPE[input.objectiveId] ?? DEFAULT_OBJECTIVE;
  const seed = fnv(FNV_OFFSET, `${input.externalId}:${day}`);
  const hash = (name: string) => finish(fnv(seed, name));
  // Narrow audiences cost more to reach: +26 % at 10 000 people, −20 % at 100 million.
  const size = input.audienceSize ?? 5_000_000;
  const narrowness = Math.min(1.6, Math.max(0.75, (5_000_000 / Math.max(1000, size)) ** 0.08));
  const cpm = shape.cpmMinor * objective.cpm * narrowness * (0.9 + 0.2 * hash(':cpm'));
  const impressions = wholeUnits((spendMinor / cpm) * 1000, hash(':imp'));
  const ctr = shape.ctr * objective.ctr * (0.85 + 0.3 * hash(':ctr'));
  const clicks = Math.min(impressions, wholeUnits(impressions * ctr, hash(':clk')));
  const cvr = objective.cvr * (0.8 + 0.4 * hash(':cvr'));
  const conversions = Math.min(clicks, wholeUnits(clicks * cvr, hash(':conv')));
  const frequency = 1.15 + 0.5 * hash(':freq');
  const reach = Math.min(impressions, size, wholeUnits(impressions / frequency, hash(':reach')));
  return { impressions, reach, clicks, spendMinor, conversions };
}

/**
 * A day's counts as the platform reports them on `asOf` (the platform's today): complete days only (before
 * `asOf`), the last RESTATEMENT_DAYS of them still preliminary. Null when nothing was delivered that day.
 */
export function reportedCounts(
  finalCounts: DeliveryCounts,
  day: string,
  asOf: string,
): DeliveryCounts | null {
  const age = dayNumber(asOf) - dayNumber(day) - 1;
  if (age < 0) return null;
  if (age >= RESTATEMENT_DAYS) return finalCounts;
  // Age 0 (yesterday): 96 % of spend and impressions, 70 % of conversions; final from age 3.
  const done = (age + 1) / (RESTATEMENT_DAYS + 1);
  const scale = (value: number, floorShare: number) =>
    Math.floor(value * (floorShare + (1 - floorShare) * done));
  const impressions = scale(finalCounts.impressions, 0.95);
  const clicks = Math.min(impressions, scale(finalCounts.clicks, 0.95));
  return {
    impressions,
    reach: Math.min(impressions, scale(finalCounts.reach, 0.95)),
    clicks,
    spendMinor: scale(finalCounts.spendMinor, 0.95),
    conversions: Math.min(clicks, scale(finalCounts.conversions, 0.6)),
  };
}

/**
 * Every delivered day of the campaign between `from` and `to` (inclusive) as reported on `asOf`, in date
 * order. Flights of one platform do not overlap (the schedule check refuses it), but if they did their
 * days would add up.
 */
export function deliveryDays(
  input: DeliveryInput,
  range: { from: string; to: string; asOf: string },
): { date: string; counts: DeliveryCounts }[] {
  const from = dayNumber(range.from);
  const to = Math.min(dayNumber(range.to), dayNumber(range.asOf) - 1);
  const spendByDay = new Map<number, number>();
  for (const flight of input.flights) {
    const first = dayNumber(flight.startDate);
    if (first > to || dayNumber(flight.endDate) < from) continue;
    flightSpends(input, flight).forEach((spend, i) => {
      const day = first + i;
      if (day >= from && day <= to) spendByDay.set(day, (spendByDay.get(day) ?? 0) + spend);
    });
  }
  const days: { date: string; counts: DeliveryCounts }[] = [];
  for (const day of [...spendByDay.keys()].sort((a, b) => a - b)) {
    const date = dayString(day);
    const counts = reportedCounts(countsFromSpend(input, date, spendByDay.get(day) ?? 0), date, range.asOf);
    if (counts && counts.spendMinor > 0) days.push({ date, counts });
  }
  return days;
}

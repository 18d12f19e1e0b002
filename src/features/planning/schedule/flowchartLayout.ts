import { addDays, daysInclusive, splitByWeights } from '@contract/planning';

/**
 * Where the flowchart's weeks, months and bars go: pure date arithmetic on calendar days ('YYYY-MM-DD',
 * UTC), so the drawing and its tests agree.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Beyond this the chart would be thousands of columns wide: it says so instead. */
export const MAX_WEEKS = 260;

/** The Monday of `day`'s ISO week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export interface FlowchartFlight {
  startDate: string;
  endDate: string;
  amountMinor: number;
  pacing: string;
}

export interface BarPlacement {
  /** Days from the first Monday to the bar's first day, and the bar's length in days (clipped to the grid). */
  offsetDays: number;
  lengthDays: number;
  /** The Mondays of the weeks the bar crosses. */
  weeks: string[];
  /** Part of the flight lies outside the campaign and is not drawn. */
  clipped: boolean;
}

export interface FlowchartGrid {
  /** The Mondays, one column each. */
  weeks: string[];
  /** Consecutive weeks whose Monday falls in the same month: `month` is 'YYYY-MM'. */
  months: { month: string; span: number }[];
  firstDay: string;
  totalDays: number;
}

export type GridResult =
  | { kind: 'grid'; grid: FlowchartGrid }
  | { kind: 'invalid'; reason: 'no-dates' | 'reversed' | 'too-long' };

/** The weeks from the campaign's first Monday to the week of its last day. */
export function flowchartGrid(startDate: string, endDate: string): GridResult {
  if (!isDay(startDate) || !isDay(endDate)) return { kind: 'invalid', reason: 'no-dates' };
  if (endDate < startDate) return { kind: 'invalid', reason: 'reversed' };
  const firstDay = mondayOf(startDate);
  const count = Math.floor((daysInclusive(firstDay, endDate) - 1) / 7) + 1;
  if (count > MAX_WEEKS) return { kind: 'invalid', reason: 'too-long' };
  const weeks = Array.from({ length: count }, (_, i) => addDays(firstDay, i * 7));
  const months: FlowchartGrid['months'] = [];
  for (const monday of weeks) {
    const month = monday.slice(0, 7);
    const last = months.at(-1);
    if (last && last.month === month) last.span += 1;
    else months.push({ month, span: 1 });
  }
  return { kind: 'grid', grid: { weeks, months, firstDay, totalDays: count * 7 } };
}

/** Where a flight's bar goes on the grid; null when it has no dates or lies wholly outside. */
export function placeBar(flight: FlowchartFlight, grid: FlowchartGrid): BarPlacement | null {
  if (!isDay(flight.startDate) || !isDay(flight.endDate) || flight.endDate < flight.startDate) return null;
  const lastDay = addDays(grid.firstDay, grid.totalDays - 1);
  const from = flight.startDate < grid.firstDay ? grid.firstDay : flight.startDate;
  const to = flight.endDate > lastDay ? lastDay : flight.endDate;
  if (to < from) return null;
  const offsetDays = daysInclusive(grid.firstDay, from) - 1;
  const lengthDays = daysInclusive(from, to);
  const weeks = grid.weeks.filter((monday) => monday <= to && addDays(monday, 6) >= from);
  return { offsetDays, lengthDays, weeks, clipped: from !== flight.startDate || to !== flight.endDate };
}

/**
 * Each week's spend if every flight spent evenly over its days (front-loaded flights spend earlier, so
 * this is a guide): the amounts split by days per week, adding up exactly to the flights' amounts.
 */
export function weeklySpend(flights: readonly FlowchartFlight[], grid: FlowchartGrid): number[] {
  const totals = grid.weeks.map(() => 0);
  for (const flight of flights) {
    const bar = placeBar(flight, grid);
    if (!bar || flight.amountMinor <= 0 || !Number.isSafeInteger(flight.amountMinor)) continue;
    const days = grid.weeks.map((monday) => {
      const start = Math.max(bar.offsetDays, daysInclusive(grid.firstDay, monday) - 1);
      const end = Math.min(bar.offsetDays + bar.lengthDays, daysInclusive(grid.firstDay, monday) - 1 + 7);
      return Math.max(0, end - start);
    });
    splitByWeights(flight.amountMinor, days).forEach((amount, i) => {
      totals[i] = (totals[i] ?? 0) + amount;
    });
  }
  return totals;
}

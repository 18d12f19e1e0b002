/**
 * The date-range presets of the report's toolbar, counted from today (UTC days, as the platforms report).
 * Each range ends today, whose figures are still coming in ("Data through" says how far they go).
 */

export const RANGE_PRESETS = [
  'last7',
  'last30',
  'last90',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'yearToDate',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset | 'custom', string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
  yearToDate: 'Year to date',
  custom: 'Custom',
};

/** The range a report opens with when the URL names none. */
export const DEFAULT_PRESET: RangePreset = 'last30';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => day(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
const firstOfMonth = (year: number, month: number) => day(Date.UTC(year, month, 1));

export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1];
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: firstOfMonth(year, month), to: today };
    case 'lastMonth':
      return { from: firstOfMonth(year, month - 1), to: addDays(firstOfMonth(year, month), -1) };
    case 'thisQuarter':
      return { from: firstOfMonth(year, month - (month % 3)), to: today };
    case 'yearToDate':
      return { from: firstOfMonth(year, 0), to: today };
  }
}

/** The preset a range is, or `custom` (the toolbar's select shows it). */
export function matchPreset(from: string, to: string, today: string): RangePreset | 'custom' {
  return (
    RANGE_PRESETS.find((preset) => {
      const range = presetRange(preset, today);
      return range.from === from && range.to === to;
    }) ?? 'custom'
  );
}

/** Days in [from, to], both included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

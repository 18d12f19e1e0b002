import { formatMajor, platformDisplayName } from '@contract/exchange';
import { daysInclusive, PACING_LABELS, type Plan } from '@contract/planning';
import { bookingName } from '../campaignRules/bookings';
import { csvOf } from './csv';
import { assertScheduled, platformInterestNames } from './mediaplanExport';

export const FLOWCHART_HEADER = [
  'Line item',
  'Platform',
  'Flight start',
  'Flight end',
  'Days',
  'Amount',
  'Currency',
  'Pacing',
  'Share of budget %',
  'Booking status',
  'Interests',
] as const;

/**
 * The plan's flowchart: one row per flight (the MediaPlan's line items), amounts as decimals, with the
 * interests its platform targets by name.
 */
export function flowchartCsv(plan: Plan): string {
  assertScheduled(plan);
  const { currency, budgetMinor } = plan.campaign;
  const counts = new Map<string, number>();
  const rows = plan.flights.map((flight) => [
    bookingName(plan.campaign.name, flight.platform, next(counts, flight.platform)),
    platformDisplayName(flight.platform),
    flight.startDate,
    flight.endDate,
    daysInclusive(flight.startDate, flight.endDate),
    formatMajor(flight.amountMinor, currency),
    currency,
    PACING_LABELS[flight.pacing],
    budgetMinor > 0 ? ((flight.amountMinor / budgetMinor) * 100).toFixed(1) : '0.0',
    flight.bookingStatus ?? 'not booked',
    platformInterestNames(plan, flight.platform),
  ]);
  return csvOf([FLOWCHART_HEADER, ...rows]);
}

/** The flight's number among its platform's flights (1, 2, ...), as its booking is named. */
function next(counts: Map<string, number>, platform: string): number {
  const n = (counts.get(platform) ?? 0) + 1;
  counts.set(platform, n);
  return n;
}

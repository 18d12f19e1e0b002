import { type DashboardSpend, isOffPace } from '@contract/pacing';
import { addDays, daysInclusive } from '@contract/planning/calendar';
import { and, eq, gte, lte, notInArray } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import type { Database } from '../db/connect';
import { campaignFlights, campaigns } from '../db/schema';
import { budgetsInProgress, pacingOfBudgetRow } from './budgetPacing';
import { thresholdsOf } from './settings';
import { spendByCurrency } from './spend';

/** A draft plans nothing yet; a failed or deleting campaign will not spend. */
const UNPLANNED_STATUSES = ['draft', 'failed', 'deleting'];
const OFF_PACE_SHOWN = 5;

/** The part of `amount` over [start, end] that falls in [from, to], by days (even spend assumed). */
export function prorated(amountMinor: number, start: string, end: string, from: string, to: string): number {
  const overlap = daysInclusive(start > from ? start : from, end < to ? end : to);
  return Math.round((amountMinor * overlap) / daysInclusive(start, end));
}

/**
 * `GET /api/dashboard/spend`: this month's spend against the flights' plan, per currency (amounts in
 * different currencies are never added), and the budgets in progress that are off pace (spend against what
 * is booked to date, the account's thresholds), furthest off first.
 */
export async function dashboardSpendOf(
  db: Database,
  scope: ScopeContext,
  today: string,
): Promise<DashboardSpend> {
  const start = `${today.slice(0, 7)}-01`;
  const end = addDays(`${addDays(start, 31).slice(0, 7)}-01`, -1);
  const lastComplete = addDays(today, -1);
  const accountId = scope.accountId ?? '';

  const [spent, flights, running] = await Promise.all([
    lastComplete < start ? new Map<string, number>() : spendByCurrency(db, accountId, start, lastComplete),
    db
      .select({
        currency: campaigns.currency,
        startDate: campaignFlights.startDate,
        endDate: campaignFlights.endDate,
        amountMinor: campaignFlights.amountMinor,
      })
      .from(campaignFlights)
      .innerJoin(campaigns, eq(campaigns.id, campaignFlights.campaignId))
      .where(
        and(
          scopeCondition(RESOURCES.campaigns, scope),
          notInArray(campaigns.status, UNPLANNED_STATUSES),
          lte(campaignFlights.startDate, end),
          gte(campaignFlights.endDate, start),
        ),
      ),
    budgetsInProgress(db, scope, today),
  ]);

  const rows = new Map<string, DashboardSpend['currencies'][number]>();
  const row = (currency: string) => {
    let found = rows.get(currency);
    if (!found) {
      found = { currency, spentMinor: 0, plannedMinor: 0, plannedToDateMinor: 0 };
      rows.set(currency, found);
    }
    return found;
  };
  for (const [currency, spendMinor] of spent) row(currency).spentMinor = spendMinor;
  for (const flight of flights) {
    const r = row(flight.currency);
    r.plannedMinor += prorated(flight.amountMinor, flight.startDate, flight.endDate, start, end);
    if (lastComplete >= start)
      r.plannedToDateMinor += prorated(
        flight.amountMinor,
        flight.startDate,
        flight.endDate,
        start,
        lastComplete,
      );
  }

  const thresholds = await thresholdsOf(db, accountId);
  const paced = await Promise.all(
    running.map(async (budget) => ({
      budget,
      pacing: await pacingOfBudgetRow(db, budget, today, thresholds),
    })),
  );
  const distance = (ratio: number | null) => (ratio === null ? 0 : Math.abs(ratio - 1));
  const offPace = paced
    // The one rule (contract/pacing.ts pacingVerdict, the account's thresholds): off pace, nothing else.
    .filter(({ pacing }) => isOffPace(pacing.status))
    .sort(
      (a, b) =>
        distance(b.pacing.ratio) - distance(a.pacing.ratio) || a.budget.name.localeCompare(b.budget.name),
    )
    .slice(0, OFF_PACE_SHOWN)
    .map(({ budget, pacing }) => ({
      id: budget.id,
      name: budget.name,
      currency: budget.currency,
      amountMinor: budget.amountMinor,
      spentMinor: pacing.spentMinor,
      idealToDateMinor: pacing.idealToDateMinor,
      ratio: pacing.ratio,
      status: pacing.status,
    }));

  return {
    month: { start, end, today },
    currencies: [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    offPace,
  };
}

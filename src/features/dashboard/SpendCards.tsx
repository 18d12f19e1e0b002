import type { DashboardSpend } from '@contract/pacing';
import { formatMoney } from '@src/lib/format';
import { PacingBadge } from '@src/ui/charts/PacingBadge';
import * as recordCss from '@src/ui/record.css';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { Link } from 'react-router-dom';
import * as dashboardCss from './dashboard.css';

const monthName = (start: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${start}T00:00:00Z`),
  );

/** This month's spend per currency, against the flights' plan for the month and to date. */
export function SpendThisMonth({ spend }: { spend: DashboardSpend | null }) {
  if (!spend) return <p className={dashboardCss.empty}>This month’s spend could not be loaded.</p>;
  if (spend.currencies.length === 0)
    return <p className={dashboardCss.empty}>Nothing planned or spent in {monthName(spend.month.start)}.</p>;
  return (
    <ul className={dashboardCss.totals} aria-label={`Spend in ${monthName(spend.month.start)} by currency`}>
      {spend.currencies.map((row) => (
        <li key={row.currency}>
          <span className={dashboardCss.bigNumber}>{formatMoney(row.spentMinor, row.currency)}</span>
          <span className={recordCss.listMeta}>
            {' '}
            spent of {formatMoney(row.plannedMinor, row.currency)} planned in {monthName(spend.month.start)} (
            {formatMoney(row.plannedToDateMinor, row.currency)} planned to date)
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The budgets in progress that are off pace (spend against what is booked to date, the account's thresholds:
 * the rule of the pacing alerts), furthest off first, each with its status and a link to its page.
 */
export function BudgetsOffPace({ spend }: { spend: DashboardSpend | null }) {
  if (!spend) return <p className={dashboardCss.empty}>Budget pacing could not be loaded.</p>;
  if (spend.offPace.length === 0)
    return (
      <p className={dashboardCss.empty}>
        No budget in progress is off pace: each spends within the account’s pacing thresholds of what is
        booked, or it is too early to tell.
      </p>
    );
  return (
    <ul className={recordCss.list} aria-label="Budgets furthest off pace">
      {spend.offPace.map((budget) => (
        <li key={budget.id} className={recordCss.listItem}>
          <span className={recordCss.listMain}>
            <Link to={`/budgets/${budget.id}`} className={textCss.textLink}>
              {budget.name}
            </Link>
            <span className={recordCss.listMeta}>
              {formatMoney(budget.spentMinor, budget.currency)} spent against{' '}
              {formatMoney(budget.idealToDateMinor, budget.currency)} booked to date
              {budget.ratio === null ? '' : ` (${Math.round(budget.ratio * 100)} %)`}
            </span>
          </span>
          <PacingBadge status={budget.status} />
          <span className={table.money}>{formatMoney(budget.amountMinor, budget.currency)}</span>
        </li>
      ))}
    </ul>
  );
}

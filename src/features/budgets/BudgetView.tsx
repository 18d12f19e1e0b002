import type { BudgetDrawdown } from '@contract/planning';
import { loadBudgetDrawdown } from '@src/api/budgets';
import { loadPlatformNames, orEmpty } from '@src/api/referenceData';
import { formatDate, formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import { bookingBadge, labelBadge, statusBadge } from '@src/ui/badge.css';
import { button } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PermittedLink } from '@src/ui/PermittedLink';
import { Field, FieldsCard, PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { Link, useParams } from 'react-router-dom';
import { type BudgetDetail, loadBudgetDetail } from './budgetData';
import * as css from './budgetDrawdown.css';
import { BudgetPacingCard } from './pacing/BudgetPacingCard';
import { useBudgetPacing } from './pacing/useBudgetPacing';

interface BudgetPage extends BudgetDetail {
  /** What is drawn on the budget; null when it could not be loaded (the budget itself still shows). */
  drawdown: BudgetDrawdown | null;
  platformNames: Map<string, string>;
}

/** The budget (a 404 goes to the error screen) and, beside it, what its campaigns draw on it. */
export async function loadBudgetPage(id: string): Promise<BudgetPage> {
  const [detail, drawdown, platformNames] = await Promise.all([
    loadBudgetDetail(id),
    loadBudgetDrawdown(id).catch(() => null),
    orEmpty(loadPlatformNames()),
  ]);
  return { ...detail, drawdown, platformNames };
}

/** /budgets/:id: one budget of the current account, and what is committed on it. */
export function BudgetView() {
  const { id = '' } = useParams();
  const { data: page, revalidate } = usePageRecord<BudgetPage>(() => loadBudgetPage(id));
  if (!page) return <PageLoading inline />;
  const { budget, customer, drawdown } = page;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Budgets', to: '/budgets' }, { label: budget.name }]}
        title={budget.name}
        subtitle={`${customer ?? 'No customer'} · ${formatMoney(budget.amountMinor, budget.currency)} · ${formatDateRange(budget.periodStart, budget.periodEnd)}`}
        actions={
          <PermittedLink action="budgets.edit" to={`/budgets/${budget.id}/edit`} className={button.primary}>
            Edit budget
          </PermittedLink>
        }
      />
      <FieldsCard title="Budget details">
        <Field label="Customer">{customer ?? <span className={textCss.muted}>No customer</span>}</Field>
        <Field label="Period">{formatDateRange(budget.periodStart, budget.periodEnd)}</Field>
        <Field label="Amount">{formatMoney(budget.amountMinor, budget.currency)}</Field>
        <Field label="Currency">{budget.currency}</Field>
        <Field label="Created">{formatDateTime(budget.createdAt)}</Field>
        <Field label="Last updated">{formatDateTime(budget.updatedAt)}</Field>
      </FieldsCard>
      <BudgetPacingSection key={budget.id} budgetId={budget.id} />
      {drawdown ? (
        <DrawdownCard drawdown={drawdown} platformNames={page.platformNames} />
      ) : (
        <DrawdownUnavailable onRetry={revalidate} />
      )}
    </>
  );
}

/** Keyed by the budget, so another budget's page starts its own pacing chart. */
function BudgetPacingSection({ budgetId }: { budgetId: string }) {
  return <BudgetPacingCard model={useBudgetPacing(budgetId)} />;
}

function DrawdownUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={cardCss.card} aria-labelledby="drawdown-title">
      <header className={cardCss.cardHeader}>
        <h2 id="drawdown-title" className={cardCss.cardTitle}>
          Committed
        </h2>
      </header>
      <div className={css.summary} role="alert">
        <p>What is committed on this budget could not be loaded.</p>
        <div>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The bar "committed of amount", what remains (or how far over), and the campaigns and bookings behind it. */
function DrawdownCard({
  drawdown,
  platformNames,
}: {
  drawdown: BudgetDrawdown;
  platformNames: Map<string, string>;
}) {
  const { budget, committedMinor, remainingMinor, campaigns, bookings } = drawdown;
  const money = (minor: number) => formatMoney(minor, budget.currency);
  const over = remainingMinor < 0;
  const share = budget.amountMinor > 0 ? Math.min(1, committedMinor / budget.amountMinor) : over ? 1 : 0;
  return (
    <section className={cardCss.card} aria-labelledby="drawdown-title">
      <header className={cardCss.cardHeader}>
        <h2 id="drawdown-title" className={cardCss.cardTitle}>
          Committed
        </h2>
      </header>
      <div className={css.summary}>
        <div className={css.figures}>
          <p className={css.committed}>
            {money(committedMinor)} committed of {money(budget.amountMinor)}
          </p>
          <p className={over ? css.remaining.over : css.remaining.left}>
            {over ? `${money(-remainingMinor)} over budget` : `${money(remainingMinor)} remaining`}
          </p>
        </div>
        <div className={css.track} aria-hidden="true">
          <div className={over ? css.fill.over : css.fill.left} style={{ width: `${share * 100}%` }} />
        </div>
      </div>

      <h3 className={css.sectionTitle} id="drawdown-campaigns">
        Campaigns drawing on it
      </h3>
      {campaigns.length === 0 ? (
        <p className={css.none}>No campaign’s plan draws on this budget yet.</p>
      ) : (
        <div className={table.tableWrap}>
          <table className={table.table} aria-labelledby="drawdown-campaigns">
            <thead>
              <tr>
                <th className={table.th}>Campaign</th>
                <th className={table.th}>Status</th>
                <th className={`${table.th} ${table.numeric}`}>Plan total</th>
                <th className={`${table.th} ${table.numeric}`}>Committed</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.id} className={table.row}>
                  <td className={table.td}>
                    <Link to={`/campaigns/${campaign.id}`} className={`${table.name} ${table.nameLink}`}>
                      {campaign.name}
                    </Link>
                    {campaign.overBudgetConfirmedAt ? (
                      <span
                        className={`${labelBadge.expired} ${css.marker}`}
                        title={`Confirmed on ${formatDate(campaign.overBudgetConfirmedAt)}`}
                      >
                        Planned over budget
                      </span>
                    ) : null}
                  </td>
                  <td className={table.td}>
                    <span className={statusBadge[campaign.status]}>{campaign.status}</span>
                  </td>
                  <td className={`${table.td} ${table.money}`}>{money(campaign.planMinor)}</td>
                  <td className={`${table.td} ${table.money}`}>{money(campaign.committedMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className={css.sectionTitle} id="drawdown-bookings">
        Bookings
      </h3>
      {bookings.length === 0 ? (
        <p className={css.none}>No bookings yet: each flight of a plan on this budget becomes one.</p>
      ) : (
        <div className={table.tableWrap}>
          <table className={table.table} aria-labelledby="drawdown-bookings">
            <thead>
              <tr>
                <th className={table.th}>Booking</th>
                <th className={table.th}>Platform</th>
                <th className={table.th}>Status</th>
                <th className={table.th}>Dates</th>
                <th className={`${table.th} ${table.numeric}`}>Amount</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking.id} className={table.row}>
                  <td className={table.td}>
                    <Link to={`/bookings/${booking.id}`} className={`${table.name} ${table.nameLink}`}>
                      {booking.name}
                    </Link>
                  </td>
                  <td className={table.td}>
                    {platformNames.get(booking.platformKey) ?? booking.platformKey}
                  </td>
                  <td className={table.td}>
                    <span className={bookingBadge[booking.status]}>{booking.status}</span>
                    {booking.status === 'cancelled' ? (
                      <span className={`${textCss.muted} ${css.marker}`}>not counted</span>
                    ) : null}
                  </td>
                  <td className={table.td}>{formatDateRange(booking.startDate, booking.endDate)}</td>
                  <td className={`${table.td} ${table.money}`}>{money(booking.amountMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default BudgetView;

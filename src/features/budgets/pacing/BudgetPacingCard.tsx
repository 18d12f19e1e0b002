import { formatDateRange, formatMoney } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import { PacingBadge } from '@src/ui/charts/PacingBadge';
import { PacingChart } from '@src/ui/charts/PacingChart';
import * as textCss from '@src/ui/text.css';
import * as css from './pacing.css';
import type { BudgetPacingCardModel } from './useBudgetPacing';

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** Amount, booked, spent and remaining, the status in words, and the cumulative pacing chart. */
export function BudgetPacingCard({ model }: { model: BudgetPacingCardModel }) {
  const { phase, pacing, status, forecastShown, errorMessage } = model;
  return (
    <section className={cardCss.card} aria-labelledby="pacing-title" aria-busy={phase === 'loading'}>
      <header className={cardCss.cardHeader}>
        <h2 id="pacing-title" className={cardCss.cardTitle}>
          Pacing
        </h2>
      </header>
      <div className={css.body}>
        {phase === 'loading' ? <p className={textCss.muted}>Loading…</p> : null}
        {phase === 'failed' ? (
          <div role="alert">
            <p>{errorMessage}</p>
            <Button variant="secondary" onClick={model.retry} aria-label="Try again to load the pacing">
              Try again
            </Button>
          </div>
        ) : null}
        {pacing && status ? (
          <>
            <dl className={css.figures} aria-label="Budget figures">
              {(
                [
                  ['Amount', pacing.pacing.amountMinor],
                  ['Booked', pacing.pacing.bookedMinor],
                  ['Spent', pacing.pacing.spentMinor],
                  ['Left to spend', pacing.pacing.remainingMinor],
                ] as const
              ).map(([label, minor]) => (
                <div key={label} className={css.figure}>
                  <dt className={css.figureLabel}>{label}</dt>
                  <dd className={css.figureValue}>{formatMoney(minor, pacing.budget.currency)}</dd>
                </div>
              ))}
            </dl>
            <p className={css.status}>
              <PacingBadge status={status.value} thresholds={pacing.pacing.thresholds} />
              <span>{status.meaning}</span>
              {pacing.pacing.ratio !== null &&
              (status.value === 'underpacing' ||
                status.value === 'overpacing' ||
                status.value === 'on_track') ? (
                <span>
                  {formatMoney(pacing.pacing.spentMinor, pacing.budget.currency)} spent against{' '}
                  {formatMoney(pacing.pacing.idealToDateMinor, pacing.budget.currency)} booked to date (
                  {percent(pacing.pacing.ratio)}).
                </span>
              ) : null}
            </p>
            {phase === 'empty' ? (
              <p className={textCss.muted}>
                Nothing to chart yet: the period runs{' '}
                {formatDateRange(pacing.pacing.periodStart, pacing.pacing.periodEnd)}.
              </p>
            ) : (
              <>
                <p className={textCss.muted}>
                  At the recent rate the period ends at{' '}
                  {formatMoney(pacing.pacing.forecastEndMinor, pacing.budget.currency)} of{' '}
                  {formatMoney(pacing.pacing.amountMinor, pacing.budget.currency)}.
                </p>
                <label className={css.toggle}>
                  <input
                    type="checkbox"
                    checked={forecastShown}
                    onChange={(event) => (event.target.checked ? model.showForecast() : model.hideForecast())}
                  />
                  Show the forecast
                </label>
                <PacingChart
                  label={`Pacing of ${pacing.budget.name}`}
                  series={pacing.pacing.series}
                  currency={pacing.budget.currency}
                  today={pacing.pacing.today}
                  forecastShown={forecastShown}
                />
              </>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}

import type { BidStrategy } from '@contract/planning';
import {
  connectPlanningPlatforms,
  type PlanningPlatformsMachine,
} from '@machines/planning/planningPlatforms';
import { formatMoney } from '@src/lib/format';
import { button } from '@src/ui/button.css';
import * as fieldCss from '@src/ui/field.css';
import * as formCss from '@src/ui/form.css';
import { FormField } from '@src/ui/records/FormField';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { StepCard } from './StepCard';
import * as css from './wizard.css';

/** Step 2: which platforms, the total budget, its split, and each platform's bid strategy. */
export function PlatformsStep({ actor }: { actor: ActorRefFrom<PlanningPlatformsMachine> }) {
  const view = useSelector(actor, (snapshot) => connectPlanningPlatforms(snapshot, actor.send));
  const { values, errors, readOnly, currency } = view;
  const left = view.leftMinor;
  return (
    <StepCard
      id="platforms"
      title="Platforms and budget"
      description="Where the campaign runs, how much it spends in total and how the budget is split."
    >
      <div className={formCss.form}>
        <fieldset className={formCss.fieldset} disabled={readOnly}>
          <legend className={formCss.legend}>Platforms</legend>
          <div className={css.platformCards}>
            {view.options.map((option) => (
              <label key={option.key} className={formCss.option}>
                <input
                  type="checkbox"
                  className={formCss.optionInput}
                  name="platforms"
                  value={option.key}
                  checked={option.selected}
                  onChange={(event) => view.toggle(option.key, event.currentTarget.checked)}
                />
                {option.displayName}
              </label>
            ))}
          </div>
          {errors.platforms ? <p className={formCss.fieldError}>{errors.platforms}</p> : null}
        </fieldset>
        <div className={formCss.formGrid}>
          <FormField
            id="plan-budget"
            label={`Total budget (${currency})`}
            inputMode="decimal"
            placeholder="0.00"
            value={values.budget}
            onChange={(event) => view.changeBudget(event.currentTarget.value)}
            error={errors.budgetMinor}
            readOnly={readOnly}
          />
        </div>
        {values.platforms.length > 0 ? (
          <section className={css.section} aria-labelledby="split-title">
            <div className={css.toolbar}>
              <h3 id="split-title" className={css.sectionTitle}>
                Split
              </h3>
              <fieldset className={css.segmented} aria-label="Split by">
                <button
                  type="button"
                  className={css.segment[values.splitMode === 'amount' ? 'on' : 'off']}
                  aria-pressed={values.splitMode === 'amount'}
                  onClick={() => view.changeMode('amount')}
                  disabled={readOnly}
                >
                  By amount
                </button>
                <button
                  type="button"
                  className={css.segment[values.splitMode === 'percent' ? 'on' : 'off']}
                  aria-pressed={values.splitMode === 'percent'}
                  onClick={() => view.changeMode('percent')}
                  disabled={readOnly}
                >
                  By percentage
                </button>
              </fieldset>
              <button
                type="button"
                className={button.secondary}
                onClick={view.splitEvenly}
                disabled={readOnly}
              >
                Split evenly
              </button>
              <span
                className={css.leftToAllocate[left === 0 ? 'even' : left > 0 ? 'under' : 'over']}
                role="status"
                aria-live="polite"
              >
                {left >= 0
                  ? `${formatMoney(left, currency)} left to allocate`
                  : `${formatMoney(-left, currency)} over the total`}
              </span>
            </div>
            <table className={css.splitTable}>
              <thead>
                <tr>
                  <th scope="col" className={css.splitHead}>
                    Platform
                  </th>
                  <th scope="col" className={css.splitHead}>
                    {values.splitMode === 'amount' ? `Amount (${currency})` : 'Share (%)'}
                  </th>
                  <th scope="col" className={css.splitHead}>
                    Bid strategy
                  </th>
                  <th scope="col" className={css.splitHead}>
                    Cost cap per result
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => {
                  const at = `allocations.${row.key}`;
                  const amountError = errors[`${at}.amountMinor`] ?? errors[at];
                  return (
                    <tr key={row.key}>
                      <th scope="row" className={css.splitCell}>
                        {row.displayName}
                        {values.splitMode === 'percent' ? (
                          <div className={css.stepHint}>{formatMoney(row.amountMinor, currency)}</div>
                        ) : null}
                      </th>
                      <td className={css.splitCell}>
                        <input
                          aria-label={`${row.displayName} ${values.splitMode === 'amount' ? 'amount' : 'share'}`}
                          className={`${fieldCss.input} ${css.amountInput}`}
                          inputMode="decimal"
                          value={values.splitMode === 'amount' ? row.line.amount : row.line.percent}
                          onChange={(event) =>
                            values.splitMode === 'amount'
                              ? view.changeAmount(row.key, event.currentTarget.value)
                              : view.changePercent(row.key, event.currentTarget.value)
                          }
                          aria-invalid={amountError ? true : undefined}
                          readOnly={readOnly}
                        />
                        {amountError ? <p className={css.inlineError}>{amountError}</p> : null}
                      </td>
                      <td className={css.splitCell}>
                        <select
                          aria-label={`${row.displayName} bid strategy`}
                          className={formCss.select}
                          value={row.line.bidStrategy}
                          onChange={(event) =>
                            view.changeBid(row.key, event.currentTarget.value as BidStrategy)
                          }
                          disabled={readOnly}
                        >
                          {row.bidStrategies.map((strategy) => (
                            <option key={strategy.value} value={strategy.value}>
                              {strategy.label}
                            </option>
                          ))}
                        </select>
                        {errors[`${at}.bidStrategy`] ? (
                          <p className={css.inlineError}>{errors[`${at}.bidStrategy`]}</p>
                        ) : null}
                      </td>
                      <td className={css.splitCell}>
                        {row.line.bidStrategy === 'cost_cap' ? (
                          <>
                            <input
                              aria-label={`${row.displayName} cost cap`}
                              className={`${fieldCss.input} ${css.amountInput}`}
                              inputMode="decimal"
                              placeholder="0.00"
                              value={row.line.costCap}
                              onChange={(event) => view.changeCostCap(row.key, event.currentTarget.value)}
                              aria-invalid={errors[`${at}.costCapMinor`] ? true : undefined}
                              readOnly={readOnly}
                            />
                            {errors[`${at}.costCapMinor`] ? (
                              <p className={css.inlineError}>{errors[`${at}.costCapMinor`]}</p>
                            ) : null}
                          </>
                        ) : (
                          <span className={css.stepHint}>–</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ) : null}
      </div>
    </StepCard>
  );
}

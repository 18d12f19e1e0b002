import type { FormEvent } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { CURRENCIES } from '../../../contract/reference';
import type { Budget } from '../../../contract/resources';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import * as cardCss from '../../ui/card.css';
import * as field from '../../ui/field.css';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import * as recordCss from '../../ui/record.css';
import { FormField } from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { PageHeader } from '../../ui/records/RecordParts';
import { UpgradeNoticeFor } from '../../ui/UpgradeNotice';
import { type BudgetDetail, loadBudgetDetail } from './budgetData';
import { useBudgetEdit } from './useBudgetEdit';

export const budgetEditLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadBudgetDetail(params.id ?? ''),
);

/** /budgets/:id/edit: change a budget's name, period, amount and currency. */
export function BudgetEditView() {
  const detail = useSessionLoaderData<BudgetDetail>();
  if (!detail) return <PageLoading inline />;
  const { budget } = detail;
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: 'Budgets', to: '/budgets' },
          { label: budget.name, to: `/budgets/${budget.id}` },
          { label: 'Edit' },
        ]}
        title={`Edit ${budget.name}`}
        subtitle="Changes apply to this budget only."
      />
      <section className={cardCss.card} aria-label="Edit budget">
        <div className={recordCss.cardBody}>
          <BudgetEditForm key={budget.id} budget={budget} />
        </div>
      </section>
    </>
  );
}

/** The form itself: markup over the `budgetEdit` chart's view model. */
function BudgetEditForm({ budget }: { budget: Budget }) {
  const view = useBudgetEdit(budget);
  const errors = view.fieldErrors;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <form className={formCss.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <UpgradeNoticeFor error={view.failure} />
      <AlertRegion message={view.formError} />
      <div className={formCss.formGrid}>
        <div className={formCss.fullRow}>
          <FormField
            id="budget-name"
            name="name"
            label="Name"
            value={view.values.name}
            onChange={(event) => view.changeField('name', event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={200}
          />
        </div>
        <FormField
          id="budget-start"
          name="periodStart"
          type="date"
          label="First day"
          value={view.values.periodStart}
          onChange={(event) => view.changeField('periodStart', event.currentTarget.value)}
          error={errors.periodStart}
          required
        />
        <FormField
          id="budget-end"
          name="periodEnd"
          type="date"
          label="Last day"
          value={view.values.periodEnd}
          onChange={(event) => view.changeField('periodEnd', event.currentTarget.value)}
          error={errors.periodEnd}
          required
        />
        <FormField
          id="budget-amount"
          name="amount"
          label="Amount"
          inputMode="decimal"
          value={view.values.amount}
          onChange={(event) => view.changeField('amount', event.currentTarget.value)}
          error={errors.amount}
          required
        />
        <div className={field.root}>
          <label htmlFor="budget-currency" className={field.label}>
            Currency
          </label>
          <select
            id="budget-currency"
            name="currency"
            className={formCss.select}
            value={view.values.currency}
            onChange={(event) => view.changeField('currency', event.currentTarget.value)}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={errors.currency ? 'budget-currency-error' : undefined}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
          {errors.currency ? (
            <span id="budget-currency-error" className={field.error}>
              {errors.currency}
            </span>
          ) : null}
        </div>
      </div>
      <div className={formCss.formActions}>
        <Link to={`/budgets/${budget.id}`} className={button.secondary}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

export default BudgetEditView;

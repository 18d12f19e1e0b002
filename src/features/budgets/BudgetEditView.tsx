import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Budget } from '../../../contract/resources';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import { CurrencyOptions, FormSelectField, FormTextField } from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { FormCard, PageForm } from '../../ui/records/PageForm';
import { PageHeader } from '../../ui/records/RecordParts';
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
      <FormCard label="Edit budget">
        <BudgetEditForm key={budget.id} budget={budget} />
      </FormCard>
    </>
  );
}

/** The form itself: markup over the `budgetEdit` chart's view model. */
function BudgetEditForm({ budget }: { budget: Budget }) {
  const view = useBudgetEdit(budget);
  return (
    <PageForm view={view} cancelTo={`/budgets/${budget.id}`}>
      <div className={formCss.formGrid}>
        <div className={formCss.fullRow}>
          <FormTextField view={view} field="name" id="budget-name" label="Name" required maxLength={200} />
        </div>
        <FormTextField
          view={view}
          field="periodStart"
          id="budget-start"
          type="date"
          label="First day"
          required
        />
        <FormTextField view={view} field="periodEnd" id="budget-end" type="date" label="Last day" required />
        <FormTextField
          view={view}
          field="amount"
          id="budget-amount"
          label="Amount"
          inputMode="decimal"
          required
        />
        <FormSelectField view={view} field="currency" id="budget-currency" label="Currency">
          <CurrencyOptions />
        </FormSelectField>
      </div>
    </PageForm>
  );
}

export default BudgetEditView;

import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Budget, Customer } from '../../../contract/resources';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import { CurrencyOptions, FormSelectField, FormTextField } from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { FormCard, PageForm } from '../../ui/records/PageForm';
import { PageHeader } from '../../ui/records/RecordParts';
import { BudgetCustomerField } from './BudgetCustomerField';
import { type BudgetDetail, loadBudgetDetail, loadCustomerChoices } from './budgetData';
import { useBudgetEdit } from './useBudgetEdit';

interface BudgetEditData extends BudgetDetail {
  customers: Customer[];
}

/** The budget (a 404 goes to the error screen) and the account's customers for its customer menu. */
export const budgetEditLoader = sessionAware(
  async ({ params }: LoaderFunctionArgs): Promise<BudgetEditData> => {
    const [detail, customers] = await Promise.all([loadBudgetDetail(params.id ?? ''), loadCustomerChoices()]);
    return { ...detail, customers };
  },
);

/** /budgets/:id/edit: change a budget's name, customer, period, amount and currency. */
export function BudgetEditView() {
  const detail = useSessionLoaderData<BudgetEditData>();
  if (!detail) return <PageLoading inline />;
  const { budget, customers } = detail;
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
        <BudgetEditForm key={budget.id} budget={budget} customers={customers} />
      </FormCard>
    </>
  );
}

/** The form itself: markup over the `budgetEdit` chart's view model. */
function BudgetEditForm({ budget, customers }: { budget: Budget; customers: readonly Customer[] }) {
  const view = useBudgetEdit(budget);
  return (
    <PageForm view={view} cancelTo={`/budgets/${budget.id}`}>
      <div className={formCss.formGrid}>
        <div className={formCss.fullRow}>
          <FormTextField view={view} field="name" id="budget-name" label="Name" required maxLength={200} />
        </div>
        <div className={formCss.fullRow}>
          <BudgetCustomerField view={view} customers={customers} />
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

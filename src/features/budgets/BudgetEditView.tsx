import type { Budget, Customer } from '@contract/resources';
import { PageLoading } from '@src/ui/PageLoading';
import { FormCard, PageForm } from '@src/ui/records/PageForm';
import { PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import { useParams } from 'react-router-dom';
import { BudgetFormFields } from './BudgetFormFields';
import { type BudgetDetail, loadBudgetDetail, loadCustomerChoices } from './budgetData';
import { useBudgetEdit } from './useBudgetEdit';

interface BudgetEditData extends BudgetDetail {
  customers: Customer[];
}

/** The budget (a 404 goes to the error screen) and the account's customers for its customer menu. */
async function loadBudgetEdit(id: string): Promise<BudgetEditData> {
  const [detail, customers] = await Promise.all([loadBudgetDetail(id), loadCustomerChoices()]);
  return { ...detail, customers };
}

/** /budgets/:id/edit: change a budget's name, customer, period, amount and currency. */
export function BudgetEditView() {
  const { id = '' } = useParams();
  const { data: detail } = usePageRecord(() => loadBudgetEdit(id));
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
      <BudgetFormFields view={view} customers={customers} />
    </PageForm>
  );
}

export default BudgetEditView;

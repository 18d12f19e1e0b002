import type { Customer } from '@contract/resources';
import { PageLoading } from '@src/ui/PageLoading';
import { FormCard, PageForm } from '@src/ui/records/PageForm';
import { PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import { useSearchParams } from 'react-router-dom';
import { BudgetFormFields } from './BudgetFormFields';
import { loadCustomerChoices } from './budgetData';
import { useBudgetCreate } from './useBudgetCreate';

interface BudgetCreateData {
  customers: Customer[];
}

/** The account's customers, by name, for the form's customer menu. */
const loadBudgetCreate = async (): Promise<BudgetCreateData> => ({ customers: await loadCustomerChoices() });

/** /budgets/new: a new budget for one of the account's customers. */
export function BudgetCreateView() {
  const { data } = usePageRecord(loadBudgetCreate);
  const [search] = useSearchParams();
  if (!data) return <PageLoading inline />;
  // A link may preset the customer (`?customer=<id>`); one not in this account is simply not preset.
  const preset = search.get('customer') ?? '';
  const customerId = data.customers.some((c) => c.id === preset) ? preset : '';
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Budgets', to: '/budgets' }, { label: 'New budget' }]}
        title="New budget"
        subtitle="What a customer may spend over a period; its campaigns’ plans draw on it."
      />
      <FormCard label="New budget">
        <BudgetCreateForm customers={data.customers} customerId={customerId} />
      </FormCard>
    </>
  );
}

/** The form itself: markup over the `budgetCreate` chart's view model. */
function BudgetCreateForm({ customers, customerId }: { customers: Customer[]; customerId: string }) {
  const view = useBudgetCreate(customerId ? { customerId } : {});
  return (
    <PageForm view={view} cancelTo="/budgets">
      <BudgetFormFields view={view} customers={customers} />
    </PageForm>
  );
}

export default BudgetCreateView;

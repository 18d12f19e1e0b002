import { type LoaderFunctionArgs, useSearchParams } from 'react-router-dom';
import type { Customer } from '../../../contract/resources';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import { CurrencyOptions, FormSelectField, FormTextField } from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { FormCard, PageForm } from '../../ui/records/PageForm';
import { PageHeader } from '../../ui/records/RecordParts';
import { BudgetCustomerField } from './BudgetCustomerField';
import { loadCustomerChoices } from './budgetData';
import { useBudgetCreate } from './useBudgetCreate';

interface BudgetCreateData {
  customers: Customer[];
}

/** The account's customers, by name, for the form's customer menu. */
export const budgetCreateLoader = sessionAware(
  async (_: LoaderFunctionArgs): Promise<BudgetCreateData> => ({ customers: await loadCustomerChoices() }),
);

/** /budgets/new: a new budget for one of the account's customers. */
export function BudgetCreateView() {
  const data = useSessionLoaderData<BudgetCreateData>();
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

export default BudgetCreateView;

import type { Customer } from '@contract/resources';
import * as formCss from '@src/ui/form.css';
import {
  CurrencyOptions,
  type FieldBinding,
  FormSelectField,
  FormTextField,
} from '@src/ui/records/FormField';

/** The customer menu of the budget forms (create and edit): "No customer", then the account's customers. */
export function BudgetCustomerField({
  view,
  customers,
}: {
  view: FieldBinding<'customerId'>;
  customers: readonly Customer[];
}) {
  return (
    <FormSelectField
      view={view}
      field="customerId"
      id="budget-customer"
      label="Customer"
      // The message replaces the hint, so the field is described by one sentence at a time.
      hint={
        view.fieldErrors.customerId
          ? undefined
          : 'A campaign’s plan can draw only on its own customer’s budgets.'
      }
    >
      <option value="">No customer</option>
      {customers.map((customer) => (
        <option key={customer.id} value={customer.id}>
          {customer.name.trim() || 'Unnamed customer'}
        </option>
      ))}
    </FormSelectField>
  );
}

type BudgetField = 'name' | 'customerId' | 'periodStart' | 'periodEnd' | 'amount' | 'currency';

/** The fields of the budget forms (create and edit), over either chart's view model. */
export function BudgetFormFields({
  view,
  customers,
}: {
  view: FieldBinding<BudgetField>;
  customers: readonly Customer[];
}) {
  return (
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
  );
}

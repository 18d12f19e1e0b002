import type { Customer } from '../../../contract/resources';
import { type FieldBinding, FormSelectField } from '../../ui/records/FormField';

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

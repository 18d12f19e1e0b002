import { defineChart } from '../chart';
import { budgetFormMachine, validateBudget } from './budgetForm.machine';
import type { BudgetFormContext } from './budgetForm.types';

/** Which fields fail the rules and which messages show: enough to tell the form's states apart. */
const summarize = (context: BudgetFormContext) => ({
  invalid: Object.keys(validateBudget(context.values)).sort(),
  shown: Object.keys(context.fieldErrors).length > 0,
  formError: context.formError !== null,
  failure: context.failure?.errorCode ?? (context.failure ? 'refused' : null),
});

export const BUDGET_CREATE_SAMPLE_ID = '00000000-0000-4000-8000-0000000000b2';
export const BUDGET_CREATE_SAMPLE_CUSTOMER = '00000000-0000-4000-8000-0000000000c1';

export const budgetCreateChart = defineChart({
  name: 'budgetCreate',
  title: 'Create a budget',
  machine: budgetFormMachine,
  description:
    'Creating a budget (/budgets/new, “Create budget” on /budgets): its name, customer, first and last ' +
    'day, amount and currency. The form checks them with the server’s own rules (the same as editing ' +
    'one), creates the budget and opens its page. The one budget form (`budgetForm`) in its create mode.',
  // The one budget form, creating: nothing preset, so EUR and no customer.
  input: { mode: 'create' },
  abstractContext: summarize,
  events: [
    { type: 'field.change', field: 'name', value: 'Q3 performance' },
    { type: 'field.change', field: 'name', value: '' },
    { type: 'field.change', field: 'customerId', value: BUDGET_CREATE_SAMPLE_CUSTOMER },
    { type: 'field.change', field: 'periodStart', value: '2026-07-01' },
    { type: 'field.change', field: 'periodEnd', value: '2026-06-30' },
    { type: 'field.change', field: 'periodEnd', value: '2026-09-30' },
    { type: 'field.change', field: 'amount', value: '1250.505' },
    { type: 'field.change', field: 'amount', value: '40000' },
    { type: 'field.change', field: 'currency', value: 'USD' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.submitBudget', output: { id: BUDGET_CREATE_SAMPLE_ID } },
    {
      type: 'xstate.error.actor.submitBudget',
      error: {
        status: 400,
        message: 'customerId: That customer does not exist',
        validationErrors: { customerId: { message: 'That customer does not exist' } },
      },
    },
    {
      type: 'xstate.error.actor.submitBudget',
      error: {
        status: 403,
        message: 'Your plan does not include budgets. Upgrade to use it.',
        errorCode: 'REQUIRES_UPGRADE',
      },
    },
    { type: 'xstate.error.actor.submitBudget', error: new TypeError('Failed to fetch') },
  ],
});

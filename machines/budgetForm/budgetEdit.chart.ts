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

export const budgetEditChart = defineChart({
  name: 'budgetEdit',
  title: 'Edit a budget',
  machine: budgetFormMachine,
  description:
    'Editing a budget (/budgets/:id/edit): its name, customer, first and last day, amount and currency. The form ' +
    'checks them with the server’s own rules, saves them and goes back to the budget. The one budget form ' +
    '(`budgetForm`) in its edit mode.',
  // The one budget form, editing the budget “Q1 brand”.
  input: {
    mode: 'edit',
    budget: {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Q1 brand',
      customerId: null,
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      amountMinor: 1_250_000,
      currency: 'EUR',
    },
  },
  abstractContext: summarize,
  events: [
    { type: 'field.change', field: 'name', value: '' },
    { type: 'field.change', field: 'name', value: 'Q1 brand and search' },
    { type: 'field.change', field: 'customerId', value: '00000000-0000-4000-8000-0000000000c1' },
    { type: 'field.change', field: 'periodEnd', value: '2025-12-31' },
    { type: 'field.change', field: 'periodEnd', value: '2026-06-30' },
    { type: 'field.change', field: 'amount', value: '1250.505' },
    { type: 'field.change', field: 'amount', value: '15000' },
    { type: 'field.change', field: 'currency', value: 'USD' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.submitBudget', output: { id: '00000000-0000-4000-8000-0000000000b1' } },
    {
      type: 'xstate.error.actor.submitBudget',
      error: {
        status: 400,
        message: 'periodEnd: must be on or after periodStart',
        validationErrors: { periodEnd: { message: 'must be on or after periodStart' } },
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

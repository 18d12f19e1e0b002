import { defineChart } from '../chart';
import { budgetEditMachine, validateBudget } from './budgetEdit.machine';
import type { BudgetEditContext } from './budgetEdit.types';

/** Which fields fail the rules and which messages show: enough to tell the form's states apart. */
const summarize = (context: BudgetEditContext) => ({
  invalid: Object.keys(validateBudget(context.values)).sort(),
  shown: Object.keys(context.fieldErrors).length > 0,
  formError: context.formError !== null,
  failure: context.failure?.errorCode ?? (context.failure ? 'refused' : null),
});

export const budgetEditChart = defineChart({
  name: 'budgetEdit',
  title: 'Edit a budget',
  machine: budgetEditMachine,
  description: budgetEditMachine.root.description ?? '',
  input: {
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
    { type: 'xstate.done.actor.saveBudget', output: { id: '00000000-0000-4000-8000-0000000000b1' } },
    {
      type: 'xstate.error.actor.saveBudget',
      error: {
        status: 400,
        message: 'periodEnd: must be on or after periodStart',
        validationErrors: { periodEnd: { message: 'must be on or after periodStart' } },
      },
    },
    {
      type: 'xstate.error.actor.saveBudget',
      error: {
        status: 403,
        message: 'Your plan does not include budgets. Upgrade to use it.',
        errorCode: 'REQUIRES_UPGRADE',
      },
    },
    { type: 'xstate.error.actor.saveBudget', error: new TypeError('Failed to fetch') },
  ],
});

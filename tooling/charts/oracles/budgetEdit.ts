/** What each state of the budget edit form promises (the budget form in edit mode; chart input: the budget “Q1 brand”, €12 500.00). */
import { connectBudgetForm } from '@machines/budgetForm/budgetForm.connect';
import { budgetFormMachine } from '@machines/budgetForm/budgetForm.machine';
import { expectFields, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';
import { cents } from './shared';

const view = (step: OracleStep) => connectBudgetForm(step.snapshot as never, () => {});
const BUDGET_ID = '00000000-0000-4000-8000-0000000000b1';

export const budgetEditOracle = formSubmitOracle(budgetFormMachine, {
  view,
  commands: (step, send) => connectBudgetForm(step.snapshot as never, send),
  fields: ['name', 'customerId', 'periodStart', 'periodEnd', 'amount', 'currency'],
  // The budget as it is; the amount as an amount field shows it, with two decimals.
  initialValues: {
    name: 'Q1 brand',
    customerId: '',
    periodStart: '2026-01-01',
    periodEnd: '2026-03-31',
    amount: '12500.00',
    currency: 'EUR',
  },
  labels: { editing: 'Save budget', submitting: 'Saving…', failed: 'Save budget', succeeded: 'Saving…' },
  actor: 'submitBudget',
  // A name, the last day on or after the first, an amount with at most two decimals.
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    if ((values.name as string).trim() === '') messages.name = 'Enter a budget name';
    if ((values.periodEnd as string) < (values.periodStart as string))
      messages.periodEnd = 'The period ends after it starts';
    if ((values.amount as string).trim() === '' || cents(values.amount as string) === null)
      messages.amount = 'Enter an amount, e.g. 1250 or 1250.50';
    return messages;
  },
  request: (values) => ({
    budgetId: BUDGET_ID,
    changes: {
      name: (values.name as string).trim(),
      customerId: values.customerId === '' ? null : values.customerId,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      amountMinor: cents(values.amount as string),
      currency: values.currency,
    },
  }),
  aliases: { amountMinor: 'amount' },
  edits: { 'field.change': fieldChange },
  // Back to the budget's page.
  emittedOnSuccess: () => [{ type: 'navigate', to: `/budgets/${BUDGET_ID}` }],
  extra: {
    editing: (step) => expectFields(view(step), { failure: null, isDone: false }),
    submitting: (step) => expectFields(view(step), { failure: null, isDone: false }),
    failed: (step) => {
      const { error } = step.event;
      expectFields(view(step), {
        failure: isRefusal(error) ? { errorCode: error.errorCode, message: error.message } : null,
        isDone: false,
      });
    },
    succeeded: (step) => expectFields(view(step), { isDone: true }),
  },
});

/** What each state of the budget create form promises (the budget form in create mode; chart input: nothing preset, so EUR and no customer). */
import { connectBudgetForm } from '@machines/budgetForm/budgetForm.connect';
import { budgetFormMachine } from '@machines/budgetForm/budgetForm.machine';
import { expectFields, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';
import { cents } from './shared';

const view = (step: OracleStep) => connectBudgetForm(step.snapshot as never, () => {});

export const budgetCreateOracle = formSubmitOracle(budgetFormMachine, {
  view,
  commands: (step, send) => connectBudgetForm(step.snapshot as never, send),
  fields: ['name', 'customerId', 'periodStart', 'periodEnd', 'amount', 'currency'],
  // An empty form in euros, for no customer until one is chosen.
  initialValues: {
    name: '',
    customerId: '',
    periodStart: '',
    periodEnd: '',
    amount: '',
    currency: 'EUR',
  },
  labels: {
    editing: 'Create budget',
    submitting: 'Creating…',
    failed: 'Create budget',
    succeeded: 'Creating…',
  },
  actor: 'submitBudget',
  // The edit form's rules: a name, both days with the last on or after the first, an amount with at most
  // two decimals; the customer may stay empty.
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    if ((values.name as string).trim() === '') messages.name = 'Enter a budget name';
    if (values.periodStart === '') messages.periodStart = 'Choose the first day';
    if (values.periodEnd === '') messages.periodEnd = 'Choose the last day';
    else if (values.periodStart !== '' && (values.periodEnd as string) < (values.periodStart as string))
      messages.periodEnd = 'The period ends after it starts';
    if ((values.amount as string).trim() === '' || cents(values.amount as string) === null)
      messages.amount = 'Enter an amount, e.g. 1250 or 1250.50';
    return messages;
  },
  request: (values) => ({
    name: (values.name as string).trim(),
    customerId: values.customerId === '' ? null : values.customerId,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    amountMinor: cents(values.amount as string),
    currency: values.currency,
  }),
  aliases: { amountMinor: 'amount' },
  edits: { 'field.change': fieldChange },
  // On to the new budget's page, named by the POST's answer.
  emittedOnSuccess: (step) => {
    const { id } = (step.event as { output?: { id?: string } }).output ?? {};
    return [{ type: 'navigate', to: `/budgets/${id}` }];
  },
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

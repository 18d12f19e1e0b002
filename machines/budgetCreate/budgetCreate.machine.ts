import { assign, emit, fromPromise, setup } from 'xstate';
import { BudgetFormSchema } from '../../contract/resources';
import { AMOUNT_FORMAT_MESSAGE } from '../budgetEdit/budgetEdit.machine';
import { formSubmitSetup, formSubmitStates, keptFailure } from '../shared/formSubmit';
import { parseAmount } from '../shared/money';
import { type FieldErrors, schemaFieldErrors } from '../shared/validation';
import {
  BUDGET_CREATE_ALIASES,
  BUDGET_CREATE_FIELDS,
  type BudgetCreateContext,
  type BudgetCreateEmitted,
  type BudgetCreateEvent,
  type BudgetCreateField,
  type BudgetCreateInput,
  type CreatedBudget,
  type NewBudgetBody,
} from './budgetCreate.types';

type Values = BudgetCreateContext['values'];

/** The POST body for these values; `amountIsAmount` is false when the amount text is not one. */
export function newBudgetBody(values: Values): { body: NewBudgetBody; amountIsAmount: boolean } {
  const amountMinor = parseAmount(values.amount);
  return {
    amountIsAmount: amountMinor !== null,
    body: {
      name: values.name.trim(),
      customerId: values.customerId === '' ? null : values.customerId,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      amountMinor: amountMinor ?? 0,
      currency: values.currency,
    },
  };
}

/** The messages under the fields: the server's schema (BudgetFormSchema, as on edit), and the amount's format. */
export function validateNewBudget(values: Values): FieldErrors<BudgetCreateField> {
  const { body, amountIsAmount } = newBudgetBody(values);
  const errors = schemaFieldErrors(BudgetFormSchema, body, BUDGET_CREATE_FIELDS, BUDGET_CREATE_ALIASES);
  return amountIsAmount ? errors : { ...errors, amount: AMOUNT_FORMAT_MESSAGE };
}

const form = formSubmitSetup<BudgetCreateContext, BudgetCreateEvent>({
  validate: validateNewBudget,
  showServerError: keptFailure(BUDGET_CREATE_FIELDS, BUDGET_CREATE_ALIASES),
  clearFailure: { failure: null },
});

export const budgetCreateMachine = setup({
  types: {
    context: {} as BudgetCreateContext,
    events: {} as BudgetCreateEvent,
    input: {} as BudgetCreateInput,
    emitted: {} as BudgetCreateEmitted,
  },
  actors: {
    /** POST /api/budgets; `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    createBudget: fromPromise<CreatedBudget, NewBudgetBody>(async () => {
      throw new Error('not provided: createBudget');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    rememberBudget: assign((_, params: { output: unknown }) => ({
      budgetId: (params.output as CreatedBudget).id,
    })),
    requestNavigation: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `/budgets/${encodeURIComponent(context.budgetId ?? '')}`,
    })),
  },
}).createMachine({
  id: 'budgetCreate',
  description:
    'Creating a budget (/budgets/new, “Create budget” on /budgets): its name, customer, first and last ' +
    'day, amount and currency. The form checks them with the server’s own rules (the same as editing ' +
    'one), creates the budget and opens its page.',
  context: ({ input }) => ({
    values: {
      name: '',
      customerId: input?.customerId ?? '',
      periodStart: '',
      periodEnd: '',
      amount: '',
      currency: input?.currency ?? 'EUR',
    },
    fieldErrors: {},
    formError: null,
    failure: null,
    budgetId: null,
  }),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'createBudget',
    input: (context: BudgetCreateContext): NewBudgetBody => newBudgetBody(context.values).body,
    edits: { 'field.change': 'updateField' },
    keepOutput: 'rememberBudget',
    succeededEntry: 'requestNavigation',
    descriptions: {
      editing:
        'The form starts empty (currency EUR, no customer unless the page was opened for one). Pressing ' +
        '“Create budget” checks it with the server’s rules: a name, both days with the last on or after ' +
        'the first, and an amount (at most two decimals); the customer is optional, but a plan can draw ' +
        'only on its own customer’s budgets. Problems appear under their fields and nothing is sent; ' +
        'editing a field hides its message.',
      submitting:
        'The budget is being created (POST /api/budgets). The button reads “Creating…” and is disabled ' +
        'until the server answers.',
      failed:
        'The server refused or could not be reached. Its field messages (e.g. a customer that no longer ' +
        'exists) appear under the fields; a business refusal or anything else appears above the form, ' +
        'with “Upgrade now” when the plan lacks the feature. Editing a field hides its message and the one ' +
        'above the form; pressing “Create budget” again retries.',
      succeeded: 'Created: the person is taken to the new budget’s page (/budgets/{id}).',
    },
  }),
});

export type BudgetCreateMachine = typeof budgetCreateMachine;

import { BudgetFormSchema } from '@contract/resources';
import { assign, emit, fromPromise, setup } from 'xstate';
import { formSubmitSetup, formSubmitStates, keptFailure } from '../shared/formSubmit';
import { formatAmountInput, parseAmount } from '../shared/money';
import { type FieldErrors, schemaFieldErrors } from '../shared/validation';
import {
  BUDGET_ALIASES,
  BUDGET_FIELDS,
  type BudgetField,
  type BudgetFormContext,
  type BudgetFormEmitted,
  type BudgetFormEvent,
  type BudgetFormInput,
  type CreatedBudget,
  type NewBudgetBody,
  type SubmitBudgetInput,
} from './budgetForm.types';

/** Under the amount field when the text is not an amount (the schema only sees numbers). */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount, e.g. 1250 or 1250.50';

type Values = BudgetFormContext['values'];

/** The request body for these values; `amountIsAmount` is false when the amount text is not one. */
export function budgetBody(values: Values): { body: NewBudgetBody; amountIsAmount: boolean } {
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

/** The messages under the fields: the server's schema (BudgetFormSchema, in both modes), and the amount's format. */
export function validateBudget(values: Values): FieldErrors<BudgetField> {
  const { body, amountIsAmount } = budgetBody(values);
  const errors = schemaFieldErrors(BudgetFormSchema, body, BUDGET_FIELDS, BUDGET_ALIASES);
  return amountIsAmount ? errors : { ...errors, amount: AMOUNT_FORMAT_MESSAGE };
}

/** What `submitBudget` is sent: the POST body to create, the id and the PATCH body to edit. */
export function submitBudgetInput(context: BudgetFormContext): SubmitBudgetInput {
  const { body } = budgetBody(context.values);
  return context.mode === 'create' ? body : { budgetId: context.budgetId ?? '', changes: body };
}

/** Where the form starts: empty (create, with the preset customer and currency) or the budget as it is (edit). */
function initialContext(input: BudgetFormInput): BudgetFormContext {
  const common = { fieldErrors: {}, formError: null, failure: null };
  if (input.mode === 'edit') {
    const { budget } = input;
    return {
      ...common,
      mode: 'edit',
      budgetId: budget.id,
      values: {
        name: budget.name,
        customerId: budget.customerId ?? '',
        periodStart: budget.periodStart,
        periodEnd: budget.periodEnd,
        amount: formatAmountInput(budget.amountMinor),
        currency: budget.currency,
      },
    };
  }
  return {
    ...common,
    mode: 'create',
    budgetId: null,
    values: {
      name: '',
      customerId: input.customerId ?? '',
      periodStart: '',
      periodEnd: '',
      amount: '',
      currency: input.currency ?? 'EUR',
    },
  };
}

const form = formSubmitSetup<BudgetFormContext, BudgetFormEvent>({
  validate: validateBudget,
  showServerError: keptFailure(BUDGET_FIELDS, BUDGET_ALIASES),
  clearFailure: { failure: null },
});

export const budgetFormMachine = setup({
  types: {
    context: {} as BudgetFormContext,
    events: {} as BudgetFormEvent,
    input: {} as BudgetFormInput,
    emitted: {} as BudgetFormEmitted,
  },
  actors: {
    /**
     * POST /api/budgets (create) or PATCH /api/budgets/:id (edit); `src/` provides it. Rejects with a
     * `ServerFailure` or a network error.
     */
    submitBudget: fromPromise<unknown, SubmitBudgetInput>(async () => {
      throw new Error('not provided: submitBudget');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    /** Create: the new budget's id, from the POST's answer; edit keeps the budget's own. */
    rememberBudget: assign(({ context }, params: { output: unknown }) => ({
      budgetId: context.mode === 'create' ? (params.output as CreatedBudget).id : context.budgetId,
    })),
    requestNavigation: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `/budgets/${encodeURIComponent(context.budgetId ?? '')}`,
    })),
  },
}).createMachine({
  id: 'budgetForm',
  description:
    'The budget form, creating one (/budgets/new, “Create budget” on /budgets) or editing one ' +
    '(/budgets/:id/edit): its name, customer, first and last day, amount and currency. The form checks ' +
    'them with the server’s own rules (the same in both modes), creates or saves the budget and opens its ' +
    'page.',
  context: ({ input }) => initialContext(input),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'submitBudget',
    input: submitBudgetInput,
    edits: { 'field.change': 'updateField' },
    keepOutput: 'rememberBudget',
    succeededEntry: 'requestNavigation',
    descriptions: {
      editing:
        'Create: the form starts empty (currency EUR, no customer unless the page was opened for one). ' +
        'Edit: the form shows the budget as it is. Pressing “Create budget” (or “Save budget”) checks it ' +
        'with the server’s rules: a name, both days with the last on or after the first, and an amount (at ' +
        'most two decimals); the customer is optional, but a plan can draw only on its own customer’s ' +
        'budgets. Problems appear under their fields and nothing is sent; editing a field hides its message.',
      submitting:
        'The budget is being created (POST /api/budgets) or its changes saved (PATCH /api/budgets/:id). ' +
        'The button reads “Creating…” (or “Saving…”) and is disabled until the server answers.',
      failed:
        'The server refused or could not be reached. Its field messages (e.g. a customer that no longer ' +
        'exists) appear under the fields; a business refusal or anything else appears above the form, ' +
        'with “Upgrade now” when the plan lacks the feature. Editing a field hides its message and the one ' +
        'above the form; pressing the button again retries.',
      succeeded:
        'Created or saved: the person is taken to the budget’s page (/budgets/{id}: the new one, or back to ' +
        'the edited one).',
    },
  }),
});

export type BudgetFormMachine = typeof budgetFormMachine;

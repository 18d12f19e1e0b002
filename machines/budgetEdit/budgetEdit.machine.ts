import { emit, fromPromise, setup } from 'xstate';
import { BudgetFormSchema } from '../../contract/resources';
import { formSubmitSetup, formSubmitStates, keptFailure } from '../shared/formSubmit';
import { formatAmountInput, parseAmount } from '../shared/money';
import { type FieldErrors, schemaFieldErrors } from '../shared/validation';
import {
  BUDGET_EDIT_ALIASES,
  BUDGET_EDIT_FIELDS,
  type BudgetEditContext,
  type BudgetEditEmitted,
  type BudgetEditEvent,
  type BudgetEditField,
  type BudgetEditInput,
  type SaveBudgetInput,
} from './budgetEdit.types';

/** Under the amount field when the text is not an amount (the schema only sees numbers). */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount, e.g. 1250 or 1250.50';

type Values = BudgetEditContext['values'];

/** The PATCH body for these values; `amountIsAmount` is false when the amount text is not one. */
export function budgetChanges(values: Values): {
  changes: SaveBudgetInput['changes'];
  amountIsAmount: boolean;
} {
  const amountMinor = parseAmount(values.amount);
  return {
    amountIsAmount: amountMinor !== null,
    changes: {
      name: values.name.trim(),
      customerId: values.customerId === '' ? null : values.customerId,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      amountMinor: amountMinor ?? 0,
      currency: values.currency,
    },
  };
}

/** The messages under the fields: the server's schema (BudgetFormSchema), and the amount's format. */
export function validateBudget(values: Values): FieldErrors<BudgetEditField> {
  const { changes, amountIsAmount } = budgetChanges(values);
  const errors = schemaFieldErrors(BudgetFormSchema, changes, BUDGET_EDIT_FIELDS, BUDGET_EDIT_ALIASES);
  return amountIsAmount ? errors : { ...errors, amount: AMOUNT_FORMAT_MESSAGE };
}

const form = formSubmitSetup<BudgetEditContext, BudgetEditEvent>({
  validate: validateBudget,
  showServerError: keptFailure(BUDGET_EDIT_FIELDS, BUDGET_EDIT_ALIASES),
  clearFailure: { failure: null },
});

export const budgetEditMachine = setup({
  types: {
    context: {} as BudgetEditContext,
    events: {} as BudgetEditEvent,
    input: {} as BudgetEditInput,
    emitted: {} as BudgetEditEmitted,
  },
  actors: {
    /** PATCH /api/budgets/:id; `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    saveBudget: fromPromise<unknown, SaveBudgetInput>(async () => {
      throw new Error('not provided: saveBudget');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    requestNavigation: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `/budgets/${encodeURIComponent(context.budgetId)}`,
    })),
  },
}).createMachine({
  id: 'budgetEdit',
  description:
    'Editing a budget (/budgets/:id/edit): its name, customer, first and last day, amount and currency. The form ' +
    'checks them with the server’s own rules, saves them and goes back to the budget.',
  context: ({ input }) => ({
    budgetId: input.budget.id,
    values: {
      name: input.budget.name,
      customerId: input.budget.customerId ?? '',
      periodStart: input.budget.periodStart,
      periodEnd: input.budget.periodEnd,
      amount: formatAmountInput(input.budget.amountMinor),
      currency: input.budget.currency,
    },
    fieldErrors: {},
    formError: null,
    failure: null,
  }),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'saveBudget',
    input: (context: BudgetEditContext): SaveBudgetInput => ({
      budgetId: context.budgetId,
      changes: budgetChanges(context.values).changes,
    }),
    edits: { 'field.change': 'updateField' },
    succeededEntry: 'requestNavigation',
    descriptions: {
      editing:
        'The form shows the budget as it is. Pressing “Save budget” checks it with the server’s rules: a ' +
        'name, both days with the last on or after the first, and an amount (at most two decimals). ' +
        'Problems appear under their fields and nothing is sent; editing a field hides its message.',
      submitting:
        'The changes are being saved (PATCH /api/budgets/:id). The button reads “Saving…” and is disabled ' +
        'until the server answers.',
      failed:
        'The server refused or could not be reached. Its field messages appear under the fields; a ' +
        'business refusal or anything else appears above the form, with “Upgrade now” when the plan lacks ' +
        'the feature. Editing a field hides its message and the one above the form; pressing “Save budget” again retries.',
      succeeded: 'Saved: the person is taken back to the budget’s page (/budgets/:id).',
    },
  }),
});

export type BudgetEditMachine = typeof budgetEditMachine;

import type { SnapshotFrom } from 'xstate';
import type { BudgetEditMachine } from './budgetEdit.machine';
import type { BudgetEditEvent, BudgetEditFailure, BudgetEditField } from './budgetEdit.types';

export type BudgetEditSnapshot = SnapshotFrom<BudgetEditMachine>;

/** Everything the budget edit form shows, derived from the machine's snapshot, with its commands. */
export interface BudgetEditView {
  values: Record<BudgetEditField, string>;
  /** Message under each field, or null. */
  fieldErrors: Record<BudgetEditField, string | null>;
  /** Message above the form, or null. */
  formError: string | null;
  /** The server's last refusal (the page shows “Upgrade now” for REQUIRES_UPGRADE), or null. */
  failure: BudgetEditFailure | null;
  isSubmitting: boolean;
  isDone: boolean;
  /** The submit button is disabled (saving, or saved). */
  isLocked: boolean;
  submitLabel: string;
  changeField(field: BudgetEditField, value: string): void;
  submit(): void;
}

export function connectBudgetEdit(
  snapshot: BudgetEditSnapshot,
  send: (event: BudgetEditEvent) => void,
): BudgetEditView {
  const { values, fieldErrors, formError, failure } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  const isDone = snapshot.matches('succeeded');
  return {
    values,
    fieldErrors: {
      name: fieldErrors.name ?? null,
      periodStart: fieldErrors.periodStart ?? null,
      periodEnd: fieldErrors.periodEnd ?? null,
      amount: fieldErrors.amount ?? null,
      currency: fieldErrors.currency ?? null,
    },
    formError,
    failure,
    isSubmitting,
    isDone,
    isLocked: isSubmitting || isDone,
    submitLabel: isSubmitting || isDone ? 'Saving…' : 'Save budget',
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
  };
}

import type { SnapshotFrom } from 'xstate';
import { connectPageForm, type PageFormView } from '../shared/formView';
import type { BudgetFormMachine } from './budgetForm.machine';
import { BUDGET_FIELDS, type BudgetField, type BudgetFormEvent } from './budgetForm.types';

export type BudgetFormSnapshot = SnapshotFrom<BudgetFormMachine>;

/** Everything the budget form shows, derived from the machine's snapshot, with its commands. */
export type BudgetFormView = PageFormView<Record<BudgetField, string>, BudgetField>;

/** The button's words in each mode. */
const LABELS = {
  create: { submitLabel: 'Create budget', busyLabel: 'Creating…' },
  edit: { submitLabel: 'Save budget', busyLabel: 'Saving…' },
} as const;

export function connectBudgetForm(
  snapshot: BudgetFormSnapshot,
  send: (event: BudgetFormEvent) => void,
): BudgetFormView {
  return connectPageForm(snapshot, send, { fields: BUDGET_FIELDS, ...LABELS[snapshot.context.mode] });
}

import type { SnapshotFrom } from 'xstate';
import { connectPageForm, type PageFormView } from '../shared/formView';
import type { BudgetEditMachine } from './budgetEdit.machine';
import { BUDGET_EDIT_FIELDS, type BudgetEditEvent, type BudgetEditField } from './budgetEdit.types';

export type BudgetEditSnapshot = SnapshotFrom<BudgetEditMachine>;

/** Everything the budget edit form shows, derived from the machine's snapshot, with its commands. */
export type BudgetEditView = PageFormView<Record<BudgetEditField, string>, BudgetEditField>;

export function connectBudgetEdit(
  snapshot: BudgetEditSnapshot,
  send: (event: BudgetEditEvent) => void,
): BudgetEditView {
  return connectPageForm(snapshot, send, {
    fields: BUDGET_EDIT_FIELDS,
    submitLabel: 'Save budget',
    busyLabel: 'Saving…',
  });
}

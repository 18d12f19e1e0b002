export { type BudgetEditSnapshot, type BudgetEditView, connectBudgetEdit } from './budgetEdit.connect';
export {
  AMOUNT_FORMAT_MESSAGE,
  type BudgetEditMachine,
  budgetChanges,
  budgetEditMachine,
  validateBudget,
} from './budgetEdit.machine';
export * from './budgetEdit.types';

export { type BudgetFormSnapshot, type BudgetFormView, connectBudgetForm } from './budgetForm.connect';
export {
  AMOUNT_FORMAT_MESSAGE,
  type BudgetFormMachine,
  budgetBody,
  budgetFormMachine,
  submitBudgetInput,
  validateBudget,
} from './budgetForm.machine';
export * from './budgetForm.types';

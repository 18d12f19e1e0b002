export {
  type BudgetCreateSnapshot,
  type BudgetCreateView,
  connectBudgetCreate,
} from './budgetCreate.connect';
export {
  type BudgetCreateMachine,
  budgetCreateMachine,
  newBudgetBody,
  validateNewBudget,
} from './budgetCreate.machine';
export * from './budgetCreate.types';

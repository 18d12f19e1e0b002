export {
  type BudgetPacingPhase,
  type BudgetPacingSnapshot,
  type BudgetPacingView,
  connectBudgetPacing,
} from './budgetPacing.connect';
export { type BudgetPacingMachine, budgetPacingMachine, isPacingEmpty } from './budgetPacing.machine';
export * from './budgetPacing.types';

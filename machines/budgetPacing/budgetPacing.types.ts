import type { BudgetPacing } from '@contract/pacing';

export type { BudgetPacing };

export interface BudgetPacingInput {
  budgetId: string;
}

export interface BudgetPacingContext {
  budgetId: string;
  pacing: BudgetPacing | null;
  /** Why the last load failed (an ApiError or a network error), null once a load succeeds. */
  error: unknown;
}

export type BudgetPacingEvent =
  | { type: 'pacing.retry' }
  | { type: 'forecast.show' }
  | { type: 'forecast.hide' };

export interface LoadPacingInput {
  budgetId: string;
}

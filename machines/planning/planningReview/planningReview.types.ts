import type { BudgetChoiceBody, Plan, RulesByPlatform } from '@contract/planning';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the review (`planningReview`): the plan summarised, the budget it draws on (with the
 * explicit "plan over budget"), what still stops a launch. Launching itself is the campaign modals'
 * launch with its step-up.
 */

export interface PlanningReviewContext {
  plan: Plan | null;
  rules: RulesByPlatform;
  today: string;
  readOnly: boolean;
  /** The choice being saved (shown while saving). */
  choice: Omit<BudgetChoiceBody, 'version'> | null;
  error: string | null;
  /** Each platform's refusal of the last launch (`{ platform key: reason }`), once known. */
  refusals: Record<string, string>;
  /**
   * The planner chose "No budget" here: the only budget that fits is not chosen for them again while the
   * review is open.
   */
  budgetDeclined: boolean;
}

/** What `loadRefusals` resolves with: the platforms' states (GET /data/campaigns/{id}/platforms). */
export interface PlatformRefusal {
  key: string;
  lastError: string | null;
}

export type PlanningReviewEvent =
  | WizardToStep
  | { type: 'budget.select'; budgetId: string | null }
  | { type: 'overBudget.confirm'; confirmed: boolean };

export type PlanningReviewInput = StepInput;

export interface SaveBudgetInput extends BudgetChoiceBody {
  campaignId: string;
}

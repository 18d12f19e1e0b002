import type { NewPlanResult, Plan, PlatformRules, RulesByPlatform, WizardStep } from '@contract/planning';
import type { PlanSaveReport, SaveStepInput, UnsavedChange } from '../planSave/planSave.types';
import type { StepBodies, StepToWizard } from '../stepProtocol';

/**
 * Types of the planning wizard (`planningWizard`): /planning/wizard/new/overview and
 * /planning/wizard/{campaignId}/{step}. The wizard holds the plan as saved, which step shows, the drafts
 * of steps left unsaved and the change not saved yet; saving (debounced, version-checked) is its child
 * chart `planSave`, and each step's form is its own chart.
 */

export interface PlanningWizardInput {
  /** null on /planning/wizard/new/overview (nothing saved yet). */
  campaignId: string | null;
  /** The step in the URL; null on /planning/wizard/{id} (resume where the plan is incomplete). */
  step: WizardStep | null;
  /** 'YYYY-MM-DD': the checks' "today", from the view so tests can pin it. */
  today: string;
  /** The objective picked in "Create campaign" (`?objective=N`), preselected on a new plan. */
  objectiveId?: number;
}

export interface PlanningWizardContext {
  campaignId: string | null;
  requestedStep: WizardStep | null;
  today: string;
  objectiveId: number | null;
  /** As last saved (or loaded); null before a new plan's first save. */
  plan: Plan | null;
  rules: RulesByPlatform;
  /** The step on screen. */
  step: WizardStep;
  /** Steps the planner has opened: reachable again, and marked when they need attention. */
  visited: WizardStep[];
  /** What was typed on each step and not saved yet; handed back as `StepInput.draft` (Back keeps it). */
  drafts: Partial<StepBodies>;
  /** The newest change not saved yet (any step), as the saving (`planSave`) last reported it. */
  unsaved: UnsavedChange | null;
  /** Where Next goes once the save it started has answered. */
  advanceTo: WizardStep | null;
  /** Why loading failed (a save's failure is the saving's, `planSave`). */
  error: string | null;
}

export type PlanningWizardEvent =
  | StepToWizard
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: WizardStep }
  /** Internal: the save Next waited for answered; go on to `advanceTo`. */
  | { type: 'wizard.advance' }
  /** The URL changed under the wizard (browser Back/Forward): show that step when it is reachable. */
  | { type: 'url.changed'; step: WizardStep | null }
  | { type: 'load.retry' }
  /** For the saving (`planSave`), which the wizard forwards them to. */
  | { type: 'save.retry' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepMine' }
  /** The saving's (`planSave`) reports. */
  | PlanSaveReport
  /** The review saved the budget choice: the plan as saved. */
  | { type: 'review.saved'; plan: Plan };

export type PlanningWizardEmitted = { type: 'navigate'; to: string; replace: boolean };

/** What `loadWizard` resolves with: the rules always, the plan unless new. */
export interface WizardLoaded {
  plan: Plan | null;
  rules: PlatformRules[];
}

export type { NewPlanResult, SaveStepInput, UnsavedChange };

import {
  completedSteps,
  type EditableWizardStep,
  firstIncompleteStep,
  type PlanIssues,
  planIssues,
  WIZARD_STEPS,
  type WizardStep,
  wizardPath,
} from '@contract/planning';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../../shared/errors';
import type { StepInput } from '../stepProtocol';
import type { PlanningWizardContext } from './planningWizard.types';

/**
 * The wizard's rules as pure functions of its context: order, reachability, marks, what a step receives.
 * The machine's guards and the view model (connect) both read these, so they cannot disagree.
 */

export const NEW_PLAN_PATH = '/planning/wizard/new/overview';

export function isEditableStep(step: WizardStep): step is EditableWizardStep {
  return step !== 'review';
}

/** The step after / before `step` in WIZARD_STEPS (a new step in the list joins the walk by itself). */
export function stepAfter(step: WizardStep): WizardStep | null {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? null;
}
export function stepBefore(step: WizardStep): WizardStep | null {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1] ?? null;
}

export function doneSteps(context: PlanningWizardContext): WizardStep[] {
  return context.plan ? completedSteps(context.plan, context.rules, context.today) : [];
}

/** A step can be opened when every step before it is complete, or the planner has been there already. */
export function isReachable(context: PlanningWizardContext, step: WizardStep): boolean {
  if (context.visited.includes(step)) return true;
  const done = doneSteps(context);
  return WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(step)).every((before) => done.includes(before));
}

export function isReadOnly(context: PlanningWizardContext, step: WizardStep): boolean {
  return context.plan !== null && !context.plan.editableSteps.includes(step);
}

export type StepMark = 'done' | 'current' | 'attention' | 'todo';

/** The step list's mark: the current one; visited with problems; complete; or not yet. */
export function stepMark(context: PlanningWizardContext, step: WizardStep): StepMark {
  if (step === context.step) return 'current';
  const issues = stepIssues(context, step);
  if (context.visited.includes(step) && Object.keys(issues).length > 0) return 'attention';
  return doneSteps(context).includes(step) ? 'done' : 'todo';
}

/** The saved plan's problems on `step` (review: none of its own; it is done when the others are). */
export function stepIssues(context: PlanningWizardContext, step: WizardStep): PlanIssues {
  if (!isEditableStep(step)) return {};
  if (!context.plan) return step === 'overview' ? { name: 'Enter a campaign name' } : {};
  return planIssues(context.plan, context.rules, context.today)[step];
}

/** Where a loaded plan opens: the URL's step when it can be opened, else where it is incomplete. */
export function openingStep(context: PlanningWizardContext): WizardStep {
  if (!context.plan) return 'overview';
  const wanted = context.requestedStep;
  const probe = { ...context, visited: [] };
  if (wanted && isReachable(probe, wanted)) return wanted;
  return firstIncompleteStep(context.plan, context.rules, context.today);
}

export function pathOf(context: Pick<PlanningWizardContext, 'campaignId'>, step: WizardStep): string {
  return context.campaignId ? wizardPath(context.campaignId, step) : NEW_PLAN_PATH;
}

/** Whether the saved plan, or the change not saved yet, lets Next leave `step`. */
export function canLeave(context: PlanningWizardContext): boolean {
  const { step, unsaved } = context;
  if (!isEditableStep(step) || isReadOnly(context, step)) return true;
  if (unsaved && unsaved.step === step) return unsaved.complete ?? unsaved.valid;
  return doneSteps(context).includes(step);
}

export function stepInput(context: PlanningWizardContext, step: EditableWizardStep): StepInput {
  const draft =
    context.drafts[step] ??
    // A new plan starts from the objective picked in "Create campaign".
    (step === 'overview' && !context.plan && context.objectiveId !== null
      ? { name: '', objectiveId: context.objectiveId, customerId: null, currency: 'EUR' as const }
      : null);
  return {
    plan: context.plan,
    rules: context.rules,
    today: context.today,
    draft,
    readOnly: isReadOnly(context, step),
  };
}

// ----------------------------------------------------------------------------------------- failures

export const statusOf = (error: unknown): number | null =>
  isServerFailure(error) && typeof error.status === 'number' ? error.status : null;

export const errorCodeOf = (error: unknown): string | undefined =>
  isServerFailure(error) ? error.errorCode : undefined;

/** A 400's `validationErrors` as the steps' `{ dot path: message }`. */
export function serverIssues(error: unknown): PlanIssues {
  if (!isServerFailure(error)) return {};
  return Object.fromEntries(
    Object.entries(error.validationErrors ?? {}).map(([path, { message }]) => [path, message]),
  );
}

/** The server said no to this save (bad input, a lifecycle lock): retrying the same body cannot help. */
export function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500;
}

/** What a failed save or load says when the server gave no message of its own. */
export const messageOf = (error: unknown): string =>
  statusOf(error) !== null ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE;

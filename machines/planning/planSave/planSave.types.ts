import type { EditableWizardStep, Plan, PlanIssues, WizardStep } from '@contract/planning';
import type { StepBody, StepToWizard } from '../stepProtocol';

/**
 * Types of the wizard's saving (`planSave`), the child chart the planning wizard invokes as `planSave`
 * while it is open. It saves each valid change a moment after the last edit, checked against the plan's
 * version, and resolves refusals, network failures and version conflicts.
 *
 *   wizard → planSave (sendTo 'planSave'): `step.changed` (only an edit of the step on screen that may be
 *   edited), `step.next` (only when Next must save first), `step.back`, `step.goto`, `save.retry`,
 *   `conflict.reload`, `conflict.keepMine`, and `review.saved` (the review moved the plan's version on).
 *   planSave → wizard (sendParent; emitted too): the `save.*` reports of `PlanSaveReport`.
 */

export interface PlanSaveInput {
  /** null on a new plan: its first save creates it (POST /planning/wizard/new/overview). */
  campaignId: string | null;
  /** The version of the plan as loaded (0 before a new plan's first save). */
  version: number;
}

/** The latest body a step reported and not saved yet. */
export interface UnsavedChange {
  step: EditableWizardStep;
  body: StepBody;
  valid: boolean;
  /** Next may leave (absent: as `valid`); see `StepToWizard`. */
  complete?: boolean;
}

export interface PlanSaveContext {
  campaignId: string | null;
  /** The plan's version every save is checked against. */
  version: number;
  /** The newest change not saved yet. */
  unsaved: UnsavedChange | null;
  /** The change a save is sending, to tell whether a newer one arrived meanwhile. */
  inFlight: UnsavedChange | null;
  /** Why saving or reloading failed (the banner's text). */
  error: string | null;
}

export type PlanSaveEvent =
  | StepToWizard
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: WizardStep }
  | { type: 'save.retry' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.keepMine' }
  /** The review saved the budget choice: the plan's new version. */
  | { type: 'review.saved'; plan: Plan };

/** What planSave tells the wizard. */
export type PlanSaveReport =
  /** A save answered: the plan as saved; `settled` when no newer change arrived meanwhile. */
  | {
      type: 'save.saved';
      campaignId: string;
      plan: Plan;
      step: EditableWizardStep;
      body: StepBody;
      settled: boolean;
      /** The plan had no id before this save: the URL becomes the plan's. */
      created: boolean;
    }
  /** The server refused the change: it is kept, marked invalid; the server's messages by dot path. */
  | { type: 'save.refused'; change: UnsavedChange; errors: PlanIssues }
  /** Not saved: the server could not be reached, or the plan changed elsewhere. */
  | { type: 'save.failed'; conflict: boolean }
  /** After a conflict, the plan as saved elsewhere replaced the planner's changes. */
  | { type: 'save.reloaded'; plan: Plan }
  /** After a conflict, the plan's new version was read to save the planner's change over it. */
  | { type: 'save.rebased'; plan: Plan };

export interface SaveStepInput {
  /** null: the plan's first save (POST /planning/wizard/new/overview). */
  campaignId: string | null;
  step: EditableWizardStep;
  version: number;
  body: StepBody;
}

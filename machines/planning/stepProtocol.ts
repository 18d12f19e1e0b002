import type { CreativeStepBody } from '@contract/creative';
import type {
  Audience,
  EditableWizardStep,
  OverviewStepBody,
  Plan,
  PlanIssues,
  PlatformsStepBody,
  RulesByPlatform,
  ScheduleStepBody,
} from '@contract/planning';

/**
 * How the planning wizard (`planningWizard`) and its steps' charts talk. The wizard invokes the current
 * step's machine (`planningOverview`, `planningPlatforms`, `planningAudience`, `planningSchedule`, `planningCreative`) with
 * `StepInput`; the step owns its form (values as typed, errors under the fields, the contract's checks);
 * the wizard owns the plan, navigation and what was typed, and has its child chart `planSave` save each
 * change (the version, refusals, conflicts).
 *
 *   step → wizard (sendParent): `step.changed` after every edit, with the step's body, whether it may be
 *   saved (`valid`) and whether Next may leave it (`complete`, when that differs).
 *   wizard → step (sendTo 'step'): show every error (Next on an invalid step), the server's 400
 *   errors, the saved plan (new version, flights with ids), or the server's plan after a reload.
 */

/** The body a step saves, without the version (the wizard adds the one it holds). */
export interface StepBodies {
  overview: Omit<OverviewStepBody, 'version'>;
  platforms: Omit<PlatformsStepBody, 'version'>;
  audience: Audience;
  schedule: Omit<ScheduleStepBody, 'version'>;
  creative: Omit<CreativeStepBody, 'version'>;
}
export type StepBody = StepBodies[EditableWizardStep];

export interface StepInput {
  /** The plan as last saved (null on /planning/wizard/new/overview before the first save). */
  plan: Plan | null;
  rules: RulesByPlatform;
  /** 'YYYY-MM-DD', from the wizard, so checks and tests agree on "today". */
  today: string;
  /** What the planner typed here before leaving the step (Back keeps it), if anything. */
  draft: StepBody | null;
  /** The lifecycle state forbids changes: show the plan, refuse edits. */
  readOnly: boolean;
}

export type StepToWizard = {
  type: 'step.changed';
  step: EditableWizardStep;
  body: StepBody;
  /** The contract's shape and checks pass: the wizard may save it (and Next may leave, unless `complete` says no). */
  valid: boolean;
  /**
   * Next may leave. Absent: the same as `valid`. A step of much typing (creative) is saved as it goes
   * while still unfinished: `valid` but not `complete`.
   */
  complete?: boolean;
};

export type WizardToStep =
  /** Next was pressed on an invalid or incomplete step: show every error, not only those of touched fields. */
  | { type: 'step.showErrors' }
  /** The server refused the save (400): its messages by dot path. */
  | { type: 'step.serverErrors'; errors: PlanIssues }
  /** A save answered: the plan as saved (new flights now have ids). Typed values stay. */
  | { type: 'step.saved'; plan: Plan }
  /** The planner chose to reload after a conflict: the values become the server's. */
  | { type: 'step.reset'; plan: Plan };

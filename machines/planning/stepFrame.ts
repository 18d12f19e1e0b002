import type { EditableWizardStep, Plan, PlanIssues } from '@contract/planning';
import { assign, type EventObject, enqueueActions } from 'xstate';
import type { StepToWizard, WizardToStep } from './stepProtocol';

/**
 * The frame every step chart of the planning wizard shares (`planningOverview`, `planningPlatforms`,
 * `planningAudience`, `planningSchedule`, `planningCreative`): it opens on the editable form or the
 * read-only summary, answers the wizard's `step.*` events (machines/planning/stepProtocol.ts)
 * and tells the wizard after every edit. A step chart spreads `stepFrameActions(...)` into its `setup`
 * actions and `stepFrameStates(...)` into its states; one set of action names for all of them:
 *
 *   notifyWizard      after an edit: `step.changed` to the wizard (nothing when the chart runs alone)
 *   showAllErrors     `step.showErrors`: every message shows, not only the touched fields'
 *   keepServerErrors  `step.serverErrors`: the server's 400 messages, under their fields
 *   keepSavedPlan     `step.saved`: the plan as saved (and whether the step is still editable)
 *   resetToPlan       `step.reset`: the values become the server's plan's; nothing touched or shown
 */

/** What the frame reads and writes in a step chart's context. */
export interface StepFrameContext {
  plan: Plan | null;
  readOnly: boolean;
  touched: readonly string[];
  showAll: boolean;
  serverErrors: PlanIssues;
}

export interface StepFrameOptions<TContext extends StepFrameContext> {
  step: EditableWizardStep;
  /** What the wizard is told after an edit: the step's body and whether it may be saved (and left). */
  stepChanged: (context: TContext) => StepToWizard;
  /** The server's messages, kept under the step's own field keys. */
  serverErrors: (context: TContext, errors: PlanIssues) => Partial<TContext>;
  /** Besides the plan and read-only: what a save changes (flights and ads take their new ids). */
  saved?: (context: TContext, plan: Plan) => Partial<TContext>;
  /** Besides the plan, read-only and the cleared messages: the values the server's plan gives. */
  reset: (context: TContext, plan: Plan) => Partial<TContext>;
}

type FromWizard<T extends WizardToStep['type']> = Extract<WizardToStep, { type: T }>;

/** Whether the campaign's lifecycle state still lets the planner change this step. */
export const isStepLocked = (plan: { editableSteps: readonly string[] }, step: EditableWizardStep) =>
  !plan.editableSteps.includes(step);

/** The frame's actions, under the one set of names above. */
export function stepFrameActions<TContext extends StepFrameContext, TEvent extends EventObject>(
  frame: StepFrameOptions<TContext>,
) {
  return {
    /** Tells the wizard (its parent); a chart run alone, as in its path tests, has none to tell. */
    notifyWizard: enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(
      ({ context, enqueue, self }) => {
        if (self._parent) enqueue.sendParent(frame.stepChanged(context));
      },
    ),
    showAllErrors: assign<TContext, TEvent, undefined, TEvent, never>(
      () => ({ showAll: true }) as Partial<TContext>,
    ),
    keepServerErrors: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) =>
      event.type === 'step.serverErrors'
        ? frame.serverErrors(context, (event as unknown as FromWizard<'step.serverErrors'>).errors)
        : {},
    ),
    keepSavedPlan: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
      if (event.type !== 'step.saved') return {};
      const { plan } = event as unknown as FromWizard<'step.saved'>;
      return {
        plan,
        readOnly: isStepLocked(plan, frame.step),
        ...frame.saved?.(context, plan),
      } as Partial<TContext>;
    }),
    resetToPlan: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
      if (event.type !== 'step.reset') return {};
      const { plan } = event as unknown as FromWizard<'step.reset'>;
      return {
        plan,
        readOnly: isStepLocked(plan, frame.step),
        touched: [],
        showAll: false,
        serverErrors: {},
        ...frame.reset(context, plan),
      } as Partial<TContext>;
    }),
  };
}

/** A step form's states as the product owner reads them (each chart words them for its step). */
export interface StepFrameStates<TEditingOn, TAfterReset extends string> {
  opening: string;
  editing: { description: string; on: TEditingOn };
  readOnly: string;
  /** Actions after `resetToPlan` (the audience asks for a new estimate). */
  afterReset?: readonly TAfterReset[];
  /** Actions after `showAllErrors` (the creative step asks its view to bring the first error into sight). */
  afterShowErrors?: readonly TAfterReset[];
}

/**
 * `opening` (editable or read-only, checked again after every save and reload), `editing` (the step's own
 * edits, then the wizard's `step.*` events) and `readOnly` (only a save or reload moves it).
 */
export function stepFrameStates<const TEditingOn extends object, const TAfterReset extends string = never>(
  states: StepFrameStates<TEditingOn, TAfterReset>,
) {
  const saved = { target: 'opening', actions: 'keepSavedPlan' } as const;
  const reset = { target: 'opening', actions: ['resetToPlan', ...(states.afterReset ?? [])] } as const;
  return {
    opening: {
      description: states.opening,
      always: [{ guard: 'isReadOnly', target: 'readOnly' }, { target: 'editing' }],
    },
    editing: {
      description: states.editing.description,
      on: {
        ...states.editing.on,
        'step.showErrors': { actions: ['showAllErrors', ...(states.afterShowErrors ?? [])] },
        'step.serverErrors': { actions: 'keepServerErrors' },
        'step.saved': saved,
        'step.reset': reset,
      },
    },
    readOnly: {
      description: states.readOnly,
      on: { 'step.saved': saved, 'step.reset': reset },
    },
  } as const;
}

/** The frame's guard: the step opens read-only. */
export const stepFrameGuards = {
  isReadOnly: ({ context }: { context: StepFrameContext }) => context.readOnly,
};

import { assertEvent, assign, enqueueActions, fromPromise } from 'xstate';
import { type EditableWizardStep, PLAN_VERSION_CONFLICT, type Plan } from '../../../contract/planning';
import { PLAN_SAVE_DEBOUNCE_MS } from '../../delays';
import { errorCodeOf, isReadOnly, isRefusal, pathOf, serverIssues, statusOf } from './planningWizard.logic';
import type {
  PlanningWizardContext,
  PlanningWizardEmitted,
  PlanningWizardEvent,
  SaveStepInput,
  UnsavedChange,
} from './planningWizard.types';

/**
 * The wizard's `save` region (a parallel region of `ready`, beside the page on screen): its states, and
 * the guards and actions only it uses, spread into the wizard's `setup` (planningWizard.machine.ts). It is
 * still part of the `planningWizard` chart (same state ids, diagram and path tests); it lives in its own
 * file because it is a flow of its own: idle → pending → saving → idle, with refusals, a network failure
 * and a version conflict (reload theirs, or keep mine over theirs).
 */

type Context = PlanningWizardContext;
type Event = PlanningWizardEvent;
type GuardArgs = { context: Context; event: Event };

/** `enqueueActions` typed for the wizard, for actions written outside its `setup` (the machine's and these). */
export const enqueueWizardActions = enqueueActions<
  Context,
  Event,
  undefined,
  Event,
  never,
  never,
  never,
  never,
  PlanningWizardEmitted
>;

/** An invoked actor's answer (`xstate.done.actor.*` events are not in the machine's own event union). */
export const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Whether a step's chart is running to be told something (the review has none; a pure transition, as
 * the path generator computes them, has no live snapshot).
 */
export const hasChild = (self: { getSnapshot(): unknown }, id: 'step' | 'review') =>
  Boolean((self.getSnapshot() as { children?: Record<string, unknown> } | undefined)?.children?.[id]);
export const hasStepChart = (self: { getSnapshot(): unknown }) => hasChild(self, 'step');

const withoutDraft = (drafts: Context['drafts'], step: EditableWizardStep, body: unknown) => {
  if (drafts[step] !== body) return drafts;
  const { [step]: _, ...rest } = drafts;
  return rest;
};

/** The pause after the last valid edit before it is saved. */
export const saveDelays = { saveDebounce: PLAN_SAVE_DEBOUNCE_MS };

/** The region's side effects; `src/` provides them. */
export const saveActors = {
  /** GET /planning/wizard/{id}: after a conflict, the plan as it is now. */
  loadPlan: fromPromise<Plan, { campaignId: string }>(async () => {
    throw new Error('not provided: loadPlan');
  }),
  /** PUT /planning/wizard/{id}/{step}; POST /planning/wizard/new/overview when there is no id yet. */
  saveStep: fromPromise<{ campaignId: string; plan: Plan }, SaveStepInput>(async () => {
    throw new Error('not provided: saveStep');
  }),
};

export const saveGuards = {
  /** A change from the step on screen (a late one from a step already left is ignored). */
  isEditOfCurrentStep: ({ context, event }: GuardArgs) =>
    event.type === 'step.changed' && event.step === context.step && !isReadOnly(context, event.step),
  isValidEdit: ({ context, event }: GuardArgs) =>
    event.type === 'step.changed' &&
    event.step === context.step &&
    !isReadOnly(context, event.step) &&
    event.valid,
  /** Next on a valid step whose change is still to be saved: save first, then go. */
  mustSaveBeforeNext: ({ context }: GuardArgs) =>
    context.unsaved !== null && context.unsaved.step === context.step && context.unsaved.valid,
  hasUnsavedValid: ({ context }: GuardArgs) => context.unsaved?.valid === true,
  isConflict: ({ event }: GuardArgs) =>
    statusOf((event as { error?: unknown }).error) === 409 &&
    errorCodeOf((event as { error?: unknown }).error) === PLAN_VERSION_CONFLICT,
  isRefused: ({ event }: GuardArgs) => isRefusal((event as { error?: unknown }).error),
  changedWhileSaving: ({ context }: GuardArgs) =>
    context.unsaved !== null && context.unsaved !== context.inFlight,
  changedWhileSavingValid: ({ context }: GuardArgs) =>
    context.unsaved !== null && context.unsaved !== context.inFlight && context.unsaved.valid,
};

export const saveActions = {
  keepChange: assign<Context, Event, undefined, Event, never>(({ context, event }) => {
    assertEvent(event, 'step.changed');
    const unsaved: UnsavedChange = {
      step: event.step,
      body: event.body,
      valid: event.valid,
      ...(event.complete === undefined ? {} : { complete: event.complete }),
    };
    return { unsaved, drafts: { ...context.drafts, [event.step]: event.body } };
  }),
  startSave: assign<Context, Event, undefined, Event, never>(({ context }) => ({
    inFlight: context.unsaved,
    error: null,
  })),
  keepSaved: enqueueWizardActions(({ context, event, enqueue, self }) => {
    const { plan, campaignId } = outputOf<{ campaignId: string; plan: Plan }>(event);
    const saved = context.inFlight;
    const isFirstSave = context.campaignId === null;
    enqueue.assign({
      plan,
      campaignId,
      inFlight: null,
      unsaved: context.unsaved === saved ? null : context.unsaved,
      drafts: saved ? withoutDraft(context.drafts, saved.step, saved.body) : context.drafts,
      error: null,
    });
    if (hasStepChart(self)) enqueue.sendTo('step', { type: 'step.saved', plan });
    // A save that answers after the planner moved on to the review: the review takes the new version.
    if (hasChild(self, 'review')) enqueue.sendTo('review', { type: 'step.saved', plan });
    if (isFirstSave)
      enqueue.emit({ type: 'navigate', to: pathOf({ campaignId }, 'overview'), replace: true });
    if (context.advanceTo) enqueue.raise({ type: 'wizard.advance' });
  }),
  sendServerErrors: enqueueWizardActions(({ enqueue, event, self }) => {
    const errors = serverIssues((event as { error?: unknown }).error);
    if (hasStepChart(self) && Object.keys(errors).length > 0)
      enqueue.sendTo('step', { type: 'step.serverErrors', errors });
  }),
  /** The server said this body is wrong: Next shows the errors instead of sending it again. */
  markRefused: assign<Context, Event, undefined, Event, never>(({ context }) => ({
    unsaved: context.inFlight ? { ...context.inFlight, valid: false, complete: false } : context.unsaved,
    inFlight: null,
  })),
  /** The newest change is kept as typed; only the version moves on, so the next save can win. */
  keepVersion: assign<Context, Event, undefined, Event, never>(({ event }) => {
    return { plan: outputOf<Plan>(event), error: null };
  }),
  takeServerPlan: enqueueWizardActions(({ event, enqueue, self }) => {
    const plan = outputOf<Plan>(event);
    enqueue.assign({ plan, drafts: {}, unsaved: null, inFlight: null, error: null });
    if (hasStepChart(self)) enqueue.sendTo('step', { type: 'step.reset', plan });
    if (hasChild(self, 'review')) enqueue.sendTo('review', { type: 'step.reset', plan });
  }),
};

/** The region's states (their ids stay `planningWizard.ready.save.*`). */
export const saveRegion = {
  description: 'Saving the planner’s changes: the status “Saved”, “Saving…” or “Not saved”.',
  initial: 'idle',
  states: {
    idle: {
      description: 'Everything typed is saved (or nothing was typed yet).',
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { guard: 'isEditOfCurrentStep', target: 'incomplete', actions: 'keepChange' },
        ],
      },
    },
    incomplete: {
      description:
        'The newest change does not pass the checks: it is kept (Back and the step list keep ' +
        'it too) but not saved; the errors show under the touched fields.',
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { guard: 'isEditOfCurrentStep', actions: 'keepChange' },
        ],
      },
    },
    pending: {
      description:
        'A valid change waits for the planner to pause (each edit starts the wait again); Next, ' +
        'Back or a step in the list saves it at once.',
      after: { saveDebounce: 'saving' },
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', reenter: true, actions: 'keepChange' },
          { guard: 'isEditOfCurrentStep', target: 'incomplete', actions: 'keepChange' },
        ],
        'step.next': { guard: 'mustSaveBeforeNext', target: 'saving' },
        'step.back': { target: 'saving' },
        'step.goto': { target: 'saving' },
      },
    },
    saving: {
      description:
        'Saving the change with the plan’s version (PUT /planning/wizard/{id}/{step}; a new plan’s ' +
        'overview: POST /planning/wizard/new/overview, and the URL becomes the plan’s). Edits ' +
        'made meanwhile are kept and saved next.',
      entry: 'startSave',
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }: { context: PlanningWizardContext }) => ({
          campaignId: context.campaignId,
          step: context.inFlight?.step ?? 'overview',
          version: context.plan?.campaign.version ?? 0,
          body: context.inFlight?.body as never,
        }),
        onDone: [
          { guard: 'changedWhileSavingValid', target: 'pending', actions: 'keepSaved' },
          { guard: 'changedWhileSaving', target: 'incomplete', actions: 'keepSaved' },
          { target: 'idle', actions: 'keepSaved' },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: ['forgetAdvance', 'keepError'] },
          {
            guard: 'isRefused',
            target: 'refused',
            actions: ['forgetAdvance', 'keepError', 'markRefused', 'sendServerErrors'],
          },
          { target: 'notSaved', actions: ['forgetAdvance', 'keepError'] },
        ],
      },
      on: {
        'step.changed': { guard: 'isEditOfCurrentStep', actions: 'keepChange' },
      },
    },
    refused: {
      description:
        'The server refused the change (400 with messages under the fields, or the lifecycle ' +
        'forbids it): nothing was saved; the next edit tries again.',
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { guard: 'isEditOfCurrentStep', target: 'incomplete', actions: 'keepChange' },
        ],
      },
    },
    notSaved: {
      description:
        'The server could not be reached (or failed): “Not saved”, with “Try again”. What was ' +
        'typed stays.',
      on: {
        'save.retry': { guard: 'hasUnsavedValid', target: 'saving' },
        'step.next': { guard: 'mustSaveBeforeNext', target: 'saving' },
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { guard: 'isEditOfCurrentStep', target: 'incomplete', actions: 'keepChange' },
        ],
      },
    },
    conflict: {
      description:
        'Someone saved the plan elsewhere first (409 PLAN_VERSION_CONFLICT): “This plan was changed ' +
        'elsewhere”, with “Reload the plan” (take theirs) and “Keep my changes” (save mine over it). ' +
        'Nothing typed is dropped until the planner reloads; edits meanwhile are kept, not saved.',
      on: {
        'conflict.reload': 'reloading',
        'conflict.keepMine': 'refreshingVersion',
        'step.changed': { guard: 'isEditOfCurrentStep', actions: 'keepChange' },
      },
    },
    reloading: {
      description: 'Loading the plan as saved elsewhere; the step’s form then shows it.',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }: { context: PlanningWizardContext }) => ({
          campaignId: context.campaignId ?? '',
        }),
        onDone: { target: 'idle', actions: 'takeServerPlan' },
        onError: { target: 'conflict', actions: 'keepError' },
      },
    },
    refreshingVersion: {
      description: 'Reading the plan’s new version, to save the planner’s change over it.',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }: { context: PlanningWizardContext }) => ({
          campaignId: context.campaignId ?? '',
        }),
        onDone: [
          { guard: 'hasUnsavedValid', target: 'saving', actions: 'keepVersion' },
          { target: 'incomplete', actions: 'keepVersion' },
        ],
        onError: { target: 'conflict', actions: 'keepError' },
      },
      on: {
        'step.changed': { guard: 'isEditOfCurrentStep', actions: 'keepChange' },
      },
    },
  },
} as const;

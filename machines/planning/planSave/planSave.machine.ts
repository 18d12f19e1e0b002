import { PLAN_VERSION_CONFLICT, type Plan } from '@contract/planning';
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { PLAN_SAVE_DEBOUNCE_MS } from '../../delays';
import {
  errorCodeOf,
  isRefusal,
  messageOf,
  serverIssues,
  statusOf,
} from '../planningWizard/planningWizard.logic';
import type {
  PlanSaveContext,
  PlanSaveEvent,
  PlanSaveInput,
  PlanSaveReport,
  SaveStepInput,
  UnsavedChange,
} from './planSave.types';

/**
 * The planning wizard's saving (`planSave`): idle → pending → saving → idle, with refusals, a network
 * failure and a version conflict (reload theirs, or keep mine over theirs). The wizard invokes it as
 * `planSave` while it is open, forwards the planner's edits and moves to it, and hears back `save.*`
 * reports (planSave.types.ts); the wizard's view reads its snapshot for the save status.
 */

/** An invoked actor's answer (`xstate.done.actor.*` events are not in the machine's own event union). */
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

const enqueueSaveActions = enqueueActions<
  PlanSaveContext,
  PlanSaveEvent,
  undefined,
  PlanSaveEvent,
  never,
  never,
  never,
  never,
  PlanSaveReport
>;

/** Tells the wizard (when there is one: the chart's own tests run it alone) and emits the same report. */
const report = (
  enqueue: Parameters<Parameters<typeof enqueueSaveActions>[0]>[0]['enqueue'],
  self: { _parent?: unknown },
  event: PlanSaveReport,
) => {
  if (self._parent) enqueue.sendParent(event);
  enqueue.emit(event);
};

export const planSaveMachine = setup({
  types: {
    context: {} as PlanSaveContext,
    events: {} as PlanSaveEvent,
    input: {} as PlanSaveInput,
    emitted: {} as PlanSaveReport,
  },
  delays: {
    /** The pause after the last valid edit before it is saved. */
    saveDebounce: PLAN_SAVE_DEBOUNCE_MS,
  },
  actors: {
    /** GET /planning/wizard/{id}: after a conflict, the plan as it is now. */
    loadPlan: fromPromise<Plan, { campaignId: string }>(async () => {
      throw new Error('not provided: loadPlan');
    }),
    /** PUT /planning/wizard/{id}/{step}; POST /planning/wizard/new/overview when there is no id yet. */
    saveStep: fromPromise<{ campaignId: string; plan: Plan }, SaveStepInput>(async () => {
      throw new Error('not provided: saveStep');
    }),
  },
  guards: {
    isValidEdit: ({ event }) => event.type === 'step.changed' && event.valid,
    hasUnsavedValid: ({ context }) => context.unsaved?.valid === true,
    isConflict: ({ event }) =>
      statusOf(errorOf(event)) === 409 && errorCodeOf(errorOf(event)) === PLAN_VERSION_CONFLICT,
    isRefused: ({ event }) => isRefusal(errorOf(event)),
    changedWhileSaving: ({ context }) => context.unsaved !== null && context.unsaved !== context.inFlight,
    changedWhileSavingValid: ({ context }) =>
      context.unsaved !== null && context.unsaved !== context.inFlight && context.unsaved.valid,
  },
  actions: {
    keepChange: assign(({ event }) => {
      assertEvent(event, 'step.changed');
      const unsaved: UnsavedChange = {
        step: event.step,
        body: event.body,
        valid: event.valid,
        ...(event.complete === undefined ? {} : { complete: event.complete }),
      };
      return { unsaved };
    }),
    startSave: assign(({ context }) => ({ inFlight: context.unsaved, error: null })),
    keepSaved: enqueueSaveActions(({ context, event, enqueue, self }) => {
      const { plan, campaignId } = outputOf<{ campaignId: string; plan: Plan }>(event);
      const saved = context.inFlight;
      const settled = context.unsaved === saved;
      enqueue.assign({
        campaignId,
        version: plan.campaign.version,
        inFlight: null,
        unsaved: settled ? null : context.unsaved,
        error: null,
      });
      if (saved)
        report(enqueue, self, {
          type: 'save.saved',
          campaignId,
          plan,
          step: saved.step,
          body: saved.body,
          settled,
          created: context.campaignId === null,
        });
    }),
    keepError: assign(({ event }) => ({ error: messageOf(errorOf(event)) })),
    reportFailure: enqueueSaveActions(({ enqueue, self }) =>
      report(enqueue, self, { type: 'save.failed', conflict: false }),
    ),
    reportConflict: enqueueSaveActions(({ enqueue, self }) =>
      report(enqueue, self, { type: 'save.failed', conflict: true }),
    ),
    /** The server said this body is wrong: Next shows the errors instead of sending it again. */
    markRefused: enqueueSaveActions(({ context, event, enqueue, self }) => {
      const change = context.inFlight ? { ...context.inFlight, valid: false, complete: false } : null;
      enqueue.assign({ unsaved: change ?? context.unsaved, inFlight: null });
      if (change)
        report(enqueue, self, { type: 'save.refused', change, errors: serverIssues(errorOf(event)) });
    }),
    /** The newest change is kept as typed; only the version moves on, so the next save can win. */
    keepVersion: enqueueSaveActions(({ event, enqueue, self }) => {
      const plan = outputOf<Plan>(event);
      enqueue.assign({ version: plan.campaign.version, error: null });
      report(enqueue, self, { type: 'save.rebased', plan });
    }),
    takeServerPlan: enqueueSaveActions(({ event, enqueue, self }) => {
      const plan = outputOf<Plan>(event);
      enqueue.assign({ version: plan.campaign.version, unsaved: null, inFlight: null, error: null });
      report(enqueue, self, { type: 'save.reloaded', plan });
    }),
    keepReviewVersion: assign(({ event }) => {
      assertEvent(event, 'review.saved');
      return { version: event.plan.campaign.version };
    }),
  },
}).createMachine({
  id: 'planSave',
  description:
    'Saving the planner’s changes in the planning wizard: each valid change a moment after the last edit ' +
    '(at once on Next, Back or the step list), checked against the plan’s version; the status “Saved”, ' +
    '“Saving…” or “Not saved”; a refusal, a failure to reach the server, and a plan changed elsewhere ' +
    '(reload theirs, or keep mine over theirs).',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    version: input.version,
    unsaved: null,
    inFlight: null,
    error: null,
  }),
  on: { 'review.saved': { actions: 'keepReviewVersion' } },
  initial: 'idle',
  states: {
    idle: {
      description: 'Everything typed is saved (or nothing was typed yet).',
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { target: 'incomplete', actions: 'keepChange' },
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
          { actions: 'keepChange' },
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
          { target: 'incomplete', actions: 'keepChange' },
        ],
        'step.next': { guard: 'hasUnsavedValid', target: 'saving' },
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
        input: ({ context }) => ({
          campaignId: context.campaignId,
          step: context.inFlight?.step ?? 'overview',
          version: context.version,
          body: context.inFlight?.body as never,
        }),
        onDone: [
          { guard: 'changedWhileSavingValid', target: 'pending', actions: 'keepSaved' },
          { guard: 'changedWhileSaving', target: 'incomplete', actions: 'keepSaved' },
          { target: 'idle', actions: 'keepSaved' },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: ['keepError', 'reportConflict'] },
          { guard: 'isRefused', target: 'refused', actions: ['keepError', 'markRefused'] },
          { target: 'notSaved', actions: ['keepError', 'reportFailure'] },
        ],
      },
      on: { 'step.changed': { actions: 'keepChange' } },
    },
    refused: {
      description:
        'The server refused the change (400 with messages under the fields, or the lifecycle ' +
        'forbids it): nothing was saved; the next edit tries again.',
      on: {
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { target: 'incomplete', actions: 'keepChange' },
        ],
      },
    },
    notSaved: {
      description:
        'The server could not be reached (or failed): “Not saved”, with “Try again”. What was ' +
        'typed stays.',
      on: {
        'save.retry': { guard: 'hasUnsavedValid', target: 'saving' },
        'step.next': { guard: 'hasUnsavedValid', target: 'saving' },
        'step.changed': [
          { guard: 'isValidEdit', target: 'pending', actions: 'keepChange' },
          { target: 'incomplete', actions: 'keepChange' },
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
        'step.changed': { actions: 'keepChange' },
      },
    },
    reloading: {
      description: 'Loading the plan as saved elsewhere; the step’s form then shows it.',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ campaignId: context.campaignId ?? '' }),
        onDone: { target: 'idle', actions: 'takeServerPlan' },
        onError: { target: 'conflict', actions: 'keepError' },
      },
    },
    refreshingVersion: {
      description: 'Reading the plan’s new version, to save the planner’s change over it.',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ campaignId: context.campaignId ?? '' }),
        onDone: [
          { guard: 'hasUnsavedValid', target: 'saving', actions: 'keepVersion' },
          { target: 'incomplete', actions: 'keepVersion' },
        ],
        onError: { target: 'conflict', actions: 'keepError' },
      },
      on: { 'step.changed': { actions: 'keepChange' } },
    },
  },
});

export type PlanSaveMachine = typeof planSaveMachine;

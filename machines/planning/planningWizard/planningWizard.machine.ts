import {
  type AnyEventObject,
  assertEvent,
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
} from 'xstate';
import {
  type EditableWizardStep,
  PLAN_VERSION_CONFLICT,
  type Plan,
  type RulesByPlatform,
  type WizardStep,
} from '../../../contract/planning';
import { PLAN_SAVE_DEBOUNCE_MS } from '../../delays';
import { NETWORK_ERROR_MESSAGE } from '../../shared/errors';
import {
  canLeave,
  errorCodeOf,
  isEditableStep,
  isReachable,
  isReadOnly,
  isRefusal,
  openingStep,
  pathOf,
  serverIssues,
  statusOf,
  stepAfter,
  stepBefore,
  stepInput,
} from './planningWizard.logic';
import type {
  PlanningWizardContext,
  PlanningWizardEmitted,
  PlanningWizardEvent,
  PlanningWizardInput,
  SaveStepInput,
  UnsavedChange,
  WizardLoaded,
} from './planningWizard.types';
import type { StepInput } from './stepProtocol';

/** A step's chart, provided by src/ (the real ones) or by a test (a fake that sends `step.changed`). */
const stepChart = (name: string) =>
  fromCallback<AnyEventObject, StepInput>(() => {
    throw new Error(`not provided: ${name}`);
  });

/** An invoked actor's answer (`xstate.done.actor.*` events are not in the machine's own event union). */
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Whether a step's chart is running to be told something (the review has none; a pure transition, as
 * the path generator computes them, has no live snapshot).
 */
const hasChild = (self: { getSnapshot(): unknown }, id: 'step' | 'review') =>
  Boolean((self.getSnapshot() as { children?: Record<string, unknown> } | undefined)?.children?.[id]);
const hasStepChart = (self: { getSnapshot(): unknown }) => hasChild(self, 'step');

/** What a failed save or load says when the server gave no message of its own. */
const messageOf = (error: unknown) =>
  statusOf(error) !== null ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE;

const withoutDraft = (drafts: PlanningWizardContext['drafts'], step: EditableWizardStep, body: unknown) => {
  if (drafts[step] !== body) return drafts;
  const { [step]: _, ...rest } = drafts;
  return rest;
};

export const planningWizardMachine = setup({
  types: {
    context: {} as PlanningWizardContext,
    events: {} as PlanningWizardEvent,
    input: {} as PlanningWizardInput,
    emitted: {} as PlanningWizardEmitted,
  },
  delays: { saveDebounce: PLAN_SAVE_DEBOUNCE_MS },
  actors: {
    /** GET /planning/platforms, and GET /planning/wizard/{id} unless new. */
    loadWizard: fromPromise<WizardLoaded, { campaignId: string | null }>(async () => {
      throw new Error('not provided: loadWizard');
    }),
    /** GET /planning/wizard/{id}: after a conflict, the plan as it is now. */
    loadPlan: fromPromise<Plan, { campaignId: string }>(async () => {
      throw new Error('not provided: loadPlan');
    }),
    /** PUT /planning/wizard/{id}/{step}; POST /planning/wizard/new/overview when there is no id yet. */
    saveStep: fromPromise<{ campaignId: string; plan: Plan }, SaveStepInput>(async () => {
      throw new Error('not provided: saveStep');
    }),
    planningOverview: stepChart('planningOverview'),
    planningPlatforms: stepChart('planningPlatforms'),
    planningAudience: stepChart('planningAudience'),
    planningSchedule: stepChart('planningSchedule'),
    planningCreative: stepChart('planningCreative'),
    planningReview: stepChart('planningReview'),
  },
  guards: {
    isNotFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    stepIs: ({ context }, params: { step: WizardStep }) => context.step === params.step,
    /** A change from the step on screen (a late one from a step already left is ignored). */
    isEditOfCurrentStep: ({ context, event }) =>
      event.type === 'step.changed' && event.step === context.step && !isReadOnly(context, event.step),
    isValidEdit: ({ context, event }) =>
      event.type === 'step.changed' &&
      event.step === context.step &&
      !isReadOnly(context, event.step) &&
      event.valid,
    canLeaveForward: ({ context }) => canLeave(context) && stepAfter(context.step) !== null,
    /** Next on a valid step whose change is still to be saved: save first, then go. */
    mustSaveBeforeNext: ({ context }) =>
      context.unsaved !== null && context.unsaved.step === context.step && context.unsaved.valid,
    isNextBlocked: ({ context }) => isEditableStep(context.step) && !canLeave(context),
    hasBack: ({ context }) => stepBefore(context.step) !== null,
    isReachableStep: ({ context, event }) =>
      (event.type === 'step.goto' || event.type === 'url.changed') &&
      event.step !== null &&
      event.step !== context.step &&
      isReachable(context, event.step),
    isUrlOffTrack: ({ context, event }) => event.type === 'url.changed' && event.step !== context.step,
    hasUnsavedValid: ({ context }) => context.unsaved?.valid === true,
    isConflict: ({ event }) =>
      statusOf((event as { error?: unknown }).error) === 409 &&
      errorCodeOf((event as { error?: unknown }).error) === PLAN_VERSION_CONFLICT,
    isRefused: ({ event }) => isRefusal((event as { error?: unknown }).error),
    changedWhileSaving: ({ context }) => context.unsaved !== null && context.unsaved !== context.inFlight,
    changedWhileSavingValid: ({ context }) =>
      context.unsaved !== null && context.unsaved !== context.inFlight && context.unsaved.valid,
    isAdvancePending: ({ context }) => context.advanceTo !== null,
  },
  actions: {
    keepLoaded: assign(({ context, event }) => {
      const output = outputOf<WizardLoaded>(event);
      const rules: RulesByPlatform = Object.fromEntries(output.rules.map((r) => [r.key, r]));
      const loaded = { ...context, plan: output.plan, rules, error: null };
      const step = openingStep(loaded);
      return { plan: loaded.plan, rules, step, visited: [step], error: null };
    }),
    /**
     * The URL follows the step the plan opened on (/planning/wizard/{id} → its first incomplete step; a new
     * plan only has its overview).
     */
    settleUrl: enqueueActions(({ context, enqueue }) => {
      if (context.requestedStep !== context.step)
        enqueue.emit({ type: 'navigate', to: pathOf(context, context.step), replace: true });
    }),
    keepError: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    clearError: assign({ error: null }),
    keepChange: assign(({ context, event }) => {
      assertEvent(event, 'step.changed');
      const unsaved: UnsavedChange = {
        step: event.step,
        body: event.body,
        valid: event.valid,
        ...(event.complete === undefined ? {} : { complete: event.complete }),
      };
      return { unsaved, drafts: { ...context.drafts, [event.step]: event.body } };
    }),
    showStepErrors: enqueueActions(({ enqueue, self }) => {
      if (hasStepChart(self)) enqueue.sendTo('step', { type: 'step.showErrors' });
    }),
    goTo: assign(({ context, event }, params: { to: 'next' | 'back' | 'event' | 'advance' }) => {
      const to =
        params.to === 'next'
          ? stepAfter(context.step)
          : params.to === 'back'
            ? stepBefore(context.step)
            : params.to === 'advance'
              ? context.advanceTo
              : (event as { step?: WizardStep | null }).step;
      const step = to ?? context.step;
      return {
        step,
        visited: context.visited.includes(step) ? context.visited : [...context.visited, step],
        advanceTo: null,
      };
    }),
    announceStep: emit(({ context }) => ({
      type: 'navigate' as const,
      to: pathOf(context, context.step),
      replace: false,
    })),
    /** The browser is on a step the wizard cannot show: put the URL back on the step shown. */
    restoreUrl: emit(({ context }) => ({
      type: 'navigate' as const,
      to: pathOf(context, context.step),
      replace: true,
    })),
    planAdvance: assign(({ context }) => ({ advanceTo: stepAfter(context.step) })),
    forgetAdvance: assign({ advanceTo: null }),
    startSave: assign(({ context }) => ({ inFlight: context.unsaved, error: null })),
    keepSaved: enqueueActions(({ context, event, enqueue, self }) => {
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
    sendServerErrors: enqueueActions(({ enqueue, event, self }) => {
      const errors = serverIssues((event as { error?: unknown }).error);
      if (hasStepChart(self) && Object.keys(errors).length > 0)
        enqueue.sendTo('step', { type: 'step.serverErrors', errors });
    }),
    /** The newest change is kept as typed; only the version moves on, so the next save can win. */
    /** The server said this body is wrong: Next shows the errors instead of sending it again. */
    markRefused: assign(({ context }) => ({
      unsaved: context.inFlight ? { ...context.inFlight, valid: false, complete: false } : context.unsaved,
      inFlight: null,
    })),
    keepVersion: assign(({ event }) => {
      return { plan: outputOf<Plan>(event), error: null };
    }),
    takeServerPlan: enqueueActions(({ event, enqueue, self }) => {
      const plan = outputOf<Plan>(event);
      enqueue.assign({ plan, drafts: {}, unsaved: null, inFlight: null, error: null });
      if (hasStepChart(self)) enqueue.sendTo('step', { type: 'step.reset', plan });
      if (hasChild(self, 'review')) enqueue.sendTo('review', { type: 'step.reset', plan });
    }),
    keepReviewPlan: assign(({ event }) => {
      assertEvent(event, 'review.saved');
      return { plan: event.plan };
    }),
  },
}).createMachine({
  id: 'planningWizard',
  description:
    'The media-plan wizard (/planning/wizard/new/overview, /planning/wizard/{id}/{step}): overview, ' +
    'platforms and budget, audience, schedule, creative, review. It loads the plan and the platforms’ rules, shows ' +
    'the step the URL names, runs that step’s form, saves each valid change a moment after the last edit ' +
    '(checked against the plan’s version) and walks the steps with Back, Next and the step list.',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    requestedStep: input.step,
    today: input.today,
    objectiveId: input.objectiveId ?? null,
    plan: null,
    rules: {},
    step: input.step ?? 'overview',
    visited: [],
    drafts: {},
    unsaved: null,
    inFlight: null,
    advanceTo: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Loading the platforms’ rules and, unless the plan is new, the plan (GET /planning/wizard/{id}). ' +
        'The page shows a loading state.',
      invoke: {
        id: 'loadWizard',
        src: 'loadWizard',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: { target: 'ready', actions: ['keepLoaded', 'settleUrl'] },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'keepError' },
        ],
      },
    },
    notFound: {
      description:
        'No such plan for this organization (missing, or another tenant’s): the page says so and links ' +
        'to the campaigns.',
    },
    loadFailed: {
      description: 'The plan or the rules could not be loaded: the page says why, with “Try again”.',
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description:
        'The wizard is open: the step list (done, current, needs attention), the step’s form, Back and ' +
        'Next, and the save status. Two regions: the page on screen, and saving.',
      type: 'parallel',
      on: { 'review.saved': { actions: 'keepReviewPlan' } },
      states: {
        page: {
          description:
            'Which step is on screen. Next leaves a valid, complete step (saving it first when it has ' +
            'changes) or shows every error of an invalid or unfinished one (creative ads saved as typed ' +
            'but not finished); Back keeps what was typed; the step list opens any ' +
            'step reached. Each move puts the step in the URL.',
          initial: 'routing',
          on: {
            'step.next': [
              { guard: 'isNextBlocked', actions: 'showStepErrors' },
              { guard: 'mustSaveBeforeNext', actions: 'planAdvance' },
              {
                guard: 'canLeaveForward',
                target: '.routing',
                actions: [{ type: 'goTo', params: { to: 'next' } }, 'announceStep'],
              },
            ],
            'step.back': {
              guard: 'hasBack',
              target: '.routing',
              actions: ['forgetAdvance', { type: 'goTo', params: { to: 'back' } }, 'announceStep'],
            },
            'step.goto': {
              guard: 'isReachableStep',
              target: '.routing',
              actions: ['forgetAdvance', { type: 'goTo', params: { to: 'event' } }, 'announceStep'],
            },
            'url.changed': [
              {
                guard: 'isReachableStep',
                target: '.routing',
                actions: ['forgetAdvance', { type: 'goTo', params: { to: 'event' } }],
              },
              { guard: 'isUrlOffTrack', actions: 'restoreUrl' },
            ],
            'wizard.advance': {
              target: '.routing',
              actions: [{ type: 'goTo', params: { to: 'advance' } }, 'announceStep'],
            },
          },
          states: {
            routing: {
              description: 'Choosing the form of the step now current.',
              always: [
                { guard: { type: 'stepIs', params: { step: 'overview' } }, target: 'overview' },
                { guard: { type: 'stepIs', params: { step: 'platforms' } }, target: 'platforms' },
                { guard: { type: 'stepIs', params: { step: 'audience' } }, target: 'audience' },
                { guard: { type: 'stepIs', params: { step: 'schedule' } }, target: 'schedule' },
                { guard: { type: 'stepIs', params: { step: 'creative' } }, target: 'creative' },
                { target: 'review' },
              ],
            },
            overview: {
              description: 'Overview: name, objective, customer, currency (planningOverview).',
              invoke: {
                id: 'step',
                src: 'planningOverview',
                input: ({ context }) => stepInput(context, 'overview'),
              },
            },
            platforms: {
              description:
                'Platforms and budget: the platforms, the total, its split and each platform’s bid ' +
                'strategy (planningPlatforms).',
              invoke: {
                id: 'step',
                src: 'planningPlatforms',
                input: ({ context }) => stepInput(context, 'platforms'),
              },
            },
            audience: {
              description: 'Audience: locations, ages, genders, languages, interests (planningAudience).',
              invoke: {
                id: 'step',
                src: 'planningAudience',
                input: ({ context }) => stepInput(context, 'audience'),
              },
            },
            schedule: {
              description: 'Schedule: the campaign’s dates and each platform’s flights (planningSchedule).',
              invoke: {
                id: 'step',
                src: 'planningSchedule',
                input: ({ context }) => stepInput(context, 'schedule'),
              },
            },
            creative: {
              description:
                'Creative: each platform’s ads, their texts, assets, destination and call to action, ' +
                'checked against the platform’s specs, with live previews (planningCreative).',
              invoke: {
                id: 'step',
                src: 'planningCreative',
                input: ({ context }) => stepInput(context, 'creative'),
              },
            },
            review: {
              description:
                'Review: every step summarised, the budget the plan draws on, the checks, and Launch ' +
                '(planningReview).',
              invoke: {
                id: 'review',
                src: 'planningReview',
                input: ({ context }) => ({
                  plan: context.plan,
                  rules: context.rules,
                  today: context.today,
                  draft: null,
                  readOnly: isReadOnly(context, 'review'),
                }),
              },
            },
          },
        },
        save: {
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
                input: ({ context }) => ({
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
              on: {
                'step.changed': { guard: 'isEditOfCurrentStep', actions: 'keepChange' },
              },
            },
          },
        },
      },
    },
  },
});

export type PlanningWizardMachine = typeof planningWizardMachine;

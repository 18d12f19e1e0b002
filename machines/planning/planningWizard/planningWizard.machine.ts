import { type AnyEventObject, assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { EditableWizardStep, RulesByPlatform, WizardStep } from '../../../contract/planning';
import { NETWORK_ERROR_MESSAGE } from '../../shared/errors';
import type { StepInput } from '../stepProtocol';
import {
  canLeave,
  isEditableStep,
  isReachable,
  isReadOnly,
  openingStep,
  pathOf,
  statusOf,
  stepAfter,
  stepBefore,
  stepInput,
} from './planningWizard.logic';
import {
  enqueueWizardActions,
  hasStepChart,
  outputOf,
  saveActions,
  saveActors,
  saveDelays,
  saveGuards,
  saveRegion,
} from './planningWizard.save';
import type {
  PlanningWizardContext,
  PlanningWizardEmitted,
  PlanningWizardEvent,
  PlanningWizardInput,
  WizardLoaded,
} from './planningWizard.types';

/** A step's chart, provided by src/ (the real ones) or by a test (a fake that sends `step.changed`). */
const stepChart = (name: string) =>
  fromCallback<AnyEventObject, StepInput>(() => {
    throw new Error(`not provided: ${name}`);
  });

/** What a failed save or load says when the server gave no message of its own. */
const messageOf = (error: unknown) =>
  statusOf(error) !== null ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE;

type Context = PlanningWizardContext;

/**
 * The URL follows the step the plan opened on (/planning/wizard/{id} → its first incomplete step; a new
 * plan only has its overview).
 */
const settleUrl = enqueueWizardActions(({ context, enqueue }) => {
  if (context.requestedStep !== context.step)
    enqueue.emit({ type: 'navigate', to: pathOf(context, context.step), replace: true });
});

/** A step's form: its chart, invoked as `step` with what the wizard holds for that step. */
const stepForm = <const Src extends string>(step: EditableWizardStep, src: Src, description: string) =>
  ({
    description,
    invoke: { id: 'step', src, input: ({ context }: { context: Context }) => stepInput(context, step) },
  }) as const;

const showStepErrors = enqueueWizardActions(({ enqueue, self }) => {
  if (hasStepChart(self)) enqueue.sendTo('step', { type: 'step.showErrors' });
});

export const planningWizardMachine = setup({
  types: {
    context: {} as PlanningWizardContext,
    events: {} as PlanningWizardEvent,
    input: {} as PlanningWizardInput,
    emitted: {} as PlanningWizardEmitted,
  },
  delays: saveDelays,
  actors: {
    /** GET /planning/platforms, and GET /planning/wizard/{id} unless new. */
    loadWizard: fromPromise<WizardLoaded, { campaignId: string | null }>(async () => {
      throw new Error('not provided: loadWizard');
    }),
    ...saveActors,
    planningOverview: stepChart('planningOverview'),
    planningPlatforms: stepChart('planningPlatforms'),
    planningAudience: stepChart('planningAudience'),
    planningSchedule: stepChart('planningSchedule'),
    planningCreative: stepChart('planningCreative'),
    planningReview: stepChart('planningReview'),
  },
  guards: {
    ...saveGuards,
    isNotFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    stepIs: ({ context }, params: { step: WizardStep }) => context.step === params.step,
    canLeaveForward: ({ context }) => canLeave(context) && stepAfter(context.step) !== null,
    isNextBlocked: ({ context }) => isEditableStep(context.step) && !canLeave(context),
    hasBack: ({ context }) => stepBefore(context.step) !== null,
    isReachableStep: ({ context, event }) =>
      (event.type === 'step.goto' || event.type === 'url.changed') &&
      event.step !== null &&
      event.step !== context.step &&
      isReachable(context, event.step),
    isUrlOffTrack: ({ context, event }) => event.type === 'url.changed' && event.step !== context.step,
    isAdvancePending: ({ context }) => context.advanceTo !== null,
  },
  actions: {
    ...saveActions,
    keepLoaded: assign(({ context, event }) => {
      const output = outputOf<WizardLoaded>(event);
      const rules: RulesByPlatform = Object.fromEntries(output.rules.map((r) => [r.key, r]));
      const loaded = { ...context, plan: output.plan, rules, error: null };
      const step = openingStep(loaded);
      return { plan: loaded.plan, rules, step, visited: [step], error: null };
    }),
    settleUrl,
    keepError: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    clearError: assign({ error: null }),
    showStepErrors,
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
            overview: stepForm(
              'overview',
              'planningOverview',
              'Overview: name, objective, customer, currency (planningOverview).',
            ),
            platforms: stepForm(
              'platforms',
              'planningPlatforms',
              'Platforms and budget: the platforms, the total, its split and each platform’s bid ' +
                'strategy (planningPlatforms).',
            ),
            audience: stepForm(
              'audience',
              'planningAudience',
              'Audience: locations, ages, genders, languages, interests (planningAudience).',
            ),
            schedule: stepForm(
              'schedule',
              'planningSchedule',
              'Schedule: the campaign’s dates and each platform’s flights (planningSchedule).',
            ),
            creative: stepForm(
              'creative',
              'planningCreative',
              'Creative: each platform’s ads, their texts, assets, destination and call to action, ' +
                'checked against the platform’s specs, with live previews (planningCreative).',
            ),
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
        save: saveRegion,
      },
    },
  },
});

export type PlanningWizardMachine = typeof planningWizardMachine;

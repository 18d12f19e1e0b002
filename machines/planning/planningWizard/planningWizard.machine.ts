import type { WizardStep } from '@contract/planning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { planSaveMachine } from '../planSave/planSave.machine';
import {
  canLeave,
  isEditableStep,
  isReachable,
  isReadOnly,
  messageOf,
  statusOf,
  stepAfter,
  stepBefore,
} from './planningWizard.logic';
import {
  announceStep,
  goTo,
  keepLoaded,
  restoreUrl,
  settleUrl,
  showStepErrors,
  stepChart,
  stepForm,
} from './planningWizard.page';
import {
  forwardToSave,
  keepChange,
  keepRefusal,
  keepSaved,
  mustSaveBeforeNext,
  saveBeforeNext,
  takeServerPlan,
} from './planningWizard.save';
import type {
  PlanningWizardContext,
  PlanningWizardEmitted,
  PlanningWizardEvent,
  PlanningWizardInput,
  WizardLoaded,
} from './planningWizard.types';

export const planningWizardMachine = setup({
  types: {
    context: {} as PlanningWizardContext,
    events: {} as PlanningWizardEvent,
    input: {} as PlanningWizardInput,
    emitted: {} as PlanningWizardEmitted,
  },
  actors: {
    /** GET /planning/platforms, and GET /planning/wizard/{id} unless new. */
    loadWizard: fromPromise<WizardLoaded, { campaignId: string | null }>(async () => {
      throw new Error('not provided: loadWizard');
    }),
    /** The saving: its own chart (machines/planning/planSave); src/ provides its saveStep and loadPlan. */
    planSave: planSaveMachine,
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
    canLeaveForward: ({ context }) => canLeave(context) && stepAfter(context.step) !== null,
    isNextBlocked: ({ context }) => isEditableStep(context.step) && !canLeave(context),
    mustSaveBeforeNext: ({ context }) => mustSaveBeforeNext(context),
    hasBack: ({ context }) => stepBefore(context.step) !== null,
    isReachableStep: ({ context, event }) =>
      (event.type === 'step.goto' || event.type === 'url.changed') &&
      event.step !== null &&
      event.step !== context.step &&
      isReachable(context, event.step),
    isUrlOffTrack: ({ context, event }) => event.type === 'url.changed' && event.step !== context.step,
    /** A change from the step on screen (a late one from a step already left is ignored). */
    isEditOfCurrentStep: ({ context, event }) =>
      event.type === 'step.changed' && event.step === context.step && !isReadOnly(context, event.step),
  },
  actions: {
    keepLoaded,
    settleUrl,
    keepError: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    clearError: assign({ error: null }),
    showStepErrors,
    forwardToSave,
    saveBeforeNext,
    keepChange,
    keepSaved,
    keepRefusal,
    takeServerPlan,
    /** After a conflict the plan's new version was read: the plan shown moves on, the change stays. */
    keepVersion: assign(({ event }) => {
      assertEvent(event, 'save.rebased');
      return { plan: event.plan };
    }),
    goTo,
    announceStep,
    restoreUrl,
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
    'the step the URL names, runs that step’s form, has each valid change saved a moment after the last edit ' +
    '(its child chart planSave) and walks the steps with Back, Next and the step list.',
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
        'Next, and the save status. Which step is on screen: Next leaves a valid, complete step (saving it ' +
        'first when it has changes) or shows every error of an invalid or unfinished one (creative ads ' +
        'saved as typed but not finished); Back keeps what was typed; the step list opens any step reached. ' +
        'Each move puts the step in the URL. The saving runs beside it (invoke planSave): the wizard tells ' +
        'it each edit and move, and hears back what was saved, refused or reloaded.',
      invoke: {
        id: 'planSave',
        src: 'planSave',
        input: ({ context }) => ({
          campaignId: context.campaignId,
          version: context.plan?.campaign.version ?? 0,
        }),
      },
      initial: 'routing',
      on: {
        'step.changed': { guard: 'isEditOfCurrentStep', actions: ['keepChange', 'forwardToSave'] },
        'step.next': [
          { guard: 'isNextBlocked', actions: ['saveBeforeNext', 'showStepErrors'] },
          { guard: 'mustSaveBeforeNext', actions: ['saveBeforeNext', 'planAdvance'] },
          {
            guard: 'canLeaveForward',
            target: '.routing',
            actions: [{ type: 'goTo', params: { to: 'next' } }, 'announceStep'],
          },
        ],
        'step.back': {
          guard: 'hasBack',
          target: '.routing',
          actions: [
            'forwardToSave',
            'forgetAdvance',
            { type: 'goTo', params: { to: 'back' } },
            'announceStep',
          ],
        },
        'step.goto': {
          guard: 'isReachableStep',
          target: '.routing',
          actions: [
            'forwardToSave',
            'forgetAdvance',
            { type: 'goTo', params: { to: 'event' } },
            'announceStep',
          ],
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
        'review.saved': { actions: ['keepReviewPlan', 'forwardToSave'] },
        'save.retry': { actions: 'forwardToSave' },
        'conflict.reload': { actions: 'forwardToSave' },
        'conflict.keepMine': { actions: 'forwardToSave' },
        'save.saved': { actions: 'keepSaved' },
        'save.refused': { actions: ['forgetAdvance', 'keepRefusal'] },
        'save.failed': { actions: 'forgetAdvance' },
        'save.reloaded': { actions: 'takeServerPlan' },
        'save.rebased': { actions: 'keepVersion' },
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
  },
});

export type PlanningWizardMachine = typeof planningWizardMachine;

import { PLAN_VERSION_CONFLICT, PLAN_VERSION_CONFLICT_MESSAGE, type Plan } from '@contract/planning';
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { NETWORK_ERROR_MESSAGE } from '../../shared/errors';
import { errorCodeOf, statusOf } from '../planningWizard/planningWizard.logic';
import type {
  PlanningReviewContext,
  PlanningReviewEvent,
  PlanningReviewInput,
  PlatformRefusal,
  SaveBudgetInput,
} from './planningReview.types';

const failureMessage = (error: unknown) => {
  if (statusOf(error) === 409 && errorCodeOf(error) === PLAN_VERSION_CONFLICT)
    return `${PLAN_VERSION_CONFLICT_MESSAGE}: reload the page to see it.`;
  return statusOf(error) !== null ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE;
};

export const planningReviewMachine = setup({
  types: {
    context: {} as PlanningReviewContext,
    events: {} as PlanningReviewEvent,
    input: {} as PlanningReviewInput,
  },
  actors: {
    /** PUT /planning/wizard/{id}/budget; `src/` provides it. */
    saveBudget: fromPromise<Plan, SaveBudgetInput>(async () => {
      throw new Error('not provided: saveBudget');
    }),
    /** GET /data/campaigns/{id}/platforms; `src/` provides it. */
    loadRefusals: fromPromise<PlatformRefusal[], { campaignId: string }>(async () => {
      throw new Error('not provided: loadRefusals');
    }),
  },
  guards: {
    isReadOnly: ({ context }) => context.readOnly || context.plan === null,
    /** No budget assigned, exactly one fits, and the planner has not said "No budget" here. */
    isOnlyBudgetUnchosen: ({ context }) =>
      !context.budgetDeclined &&
      context.plan !== null &&
      context.plan.budgetFit === null &&
      context.plan.budgetOptions.length === 1,
  },
  actions: {
    chooseBudget: assign(({ event }) => {
      assertEvent(event, 'budget.select');
      // A new budget starts unconfirmed: the server clears the confirmation when the budget changes.
      return {
        choice: { budgetId: event.budgetId, overBudgetConfirmed: false },
        error: null,
        ...(event.budgetId === null ? { budgetDeclined: true } : {}),
      };
    }),
    /** The one budget that fits is the plan's unless the planner says otherwise (issue 28). */
    chooseOnlyBudget: assign(({ context }) => ({
      choice: { budgetId: context.plan?.budgetOptions[0]?.id ?? null, overBudgetConfirmed: false },
      error: null,
    })),
    confirmOver: assign(({ context, event }) => {
      assertEvent(event, 'overBudget.confirm');
      return {
        choice: {
          budgetId: context.plan?.budgetFit?.budget.id ?? null,
          overBudgetConfirmed: event.confirmed,
        },
        error: null,
      };
    }),
    keepRefusals: assign(({ event }) => {
      const states = (event as unknown as { output: PlatformRefusal[] }).output;
      return {
        refusals: Object.fromEntries(
          states.filter((s) => s.lastError).map((s) => [s.key, s.lastError as string]),
        ),
      };
    }),
    forgetRefusals: assign({ refusals: {} }),
    keepPlan: assign(({ event }) => ({ plan: (event as unknown as { output: Plan }).output, choice: null })),
    /** Tells the wizard the plan's new version; a chart run alone has nobody to tell. */
    tellWizard: enqueueActions(({ context, enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'review.saved', plan: context.plan });
    }),
    keepError: assign(({ event }) => ({
      error: failureMessage((event as { error?: unknown }).error),
      choice: null,
    })),
    takePlan: assign(({ event }) => {
      assertEvent(event, ['step.saved', 'step.reset']);
      return { plan: event.plan, readOnly: !event.plan.editableSteps.includes('review'), error: null };
    }),
  },
}).createMachine({
  id: 'planningReview',
  description:
    'The wizard’s review: every step summarised with a link to edit it, the flowchart, the budget the ' +
    'plan draws on (“€12,000 of €120,000 left after this plan”), an explicit confirmation when the plan ' +
    'is over it, and what still stops a launch. Launch opens the campaign’s launch dialog with its step-up.',
  context: ({ input }) => ({
    plan: input.plan,
    rules: input.rules,
    today: input.today,
    readOnly: input.readOnly,
    choice: null,
    error: null,
    refusals: {},
    budgetDeclined: false,
  }),
  // What each platform said about the last launch, shown next to its checks; a failure to load it hides nothing else.
  invoke: {
    id: 'loadRefusals',
    src: 'loadRefusals',
    input: ({ context }) => ({ campaignId: context.plan?.campaign.id ?? '' }),
    onDone: { actions: 'keepRefusals' },
    onError: { actions: 'forgetRefusals' },
  },
  initial: 'opening',
  states: {
    opening: {
      description:
        'Choosing between the review with a budget choice and the read-only one. A plan with no budget ' +
        'that exactly one of its customer’s budgets fits draws on that one: it is chosen and saved at ' +
        'once (unless the planner chose “No budget” here).',
      always: [
        { guard: 'isReadOnly', target: 'readOnly' },
        { guard: 'isOnlyBudgetUnchosen', target: 'saving', actions: 'chooseOnlyBudget' },
        { target: 'idle' },
      ],
    },
    idle: {
      description: 'The review as saved. Choosing a budget, or confirming the plan over it, saves at once.',
      on: {
        'budget.select': { target: 'saving', actions: 'chooseBudget' },
        'overBudget.confirm': { target: 'saving', actions: 'confirmOver' },
        'step.saved': { target: 'opening', actions: 'takePlan' },
        'step.reset': { target: 'opening', actions: 'takePlan' },
      },
    },
    saving: {
      description: 'Saving the budget choice with the plan’s version (PUT /planning/wizard/{id}/budget).',
      invoke: {
        id: 'saveBudget',
        src: 'saveBudget',
        input: ({ context }) => ({
          campaignId: context.plan?.campaign.id ?? '',
          version: context.plan?.campaign.version ?? 0,
          budgetId: context.choice?.budgetId ?? null,
          overBudgetConfirmed: context.choice?.overBudgetConfirmed ?? false,
        }),
        onDone: { target: 'idle', actions: ['keepPlan', 'tellWizard'] },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {
      description: 'The choice was not saved: the review says why; choosing again retries.',
      on: {
        'budget.select': { target: 'saving', actions: 'chooseBudget' },
        'overBudget.confirm': { target: 'saving', actions: 'confirmOver' },
        'step.reset': { target: 'opening', actions: 'takePlan' },
      },
    },
    readOnly: {
      description: 'The campaign’s lifecycle state forbids changing the budget: the review only shows it.',
      on: {
        'step.saved': { target: 'opening', actions: 'takePlan' },
        'step.reset': { target: 'opening', actions: 'takePlan' },
      },
    },
  },
});

export type PlanningReviewMachine = typeof planningReviewMachine;

import { defineChart } from '../../chart';
import {
  SAMPLE_COMPLETE_PLAN,
  SAMPLE_LIVE_PLAN,
  SAMPLE_OVER_BUDGET_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '../planningWizard/planningWizard.samples';
import { planningReviewMachine } from './planningReview.machine';
import type { PlanningReviewContext } from './planningReview.types';

const summarize = (context: PlanningReviewContext) => ({
  version: context.plan?.campaign.version ?? null,
  choice: context.choice,
  error: context.error !== null,
  refusals: Object.keys(context.refusals),
  declined: context.budgetDeclined,
});

export const planningReviewChart = defineChart({
  name: 'planningReview',
  title: 'Planning wizard: review, budget and launch',
  machine: planningReviewMachine,
  description: planningReviewMachine.root.description ?? '',
  input: {
    plan: SAMPLE_COMPLETE_PLAN,
    rules: SAMPLE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
  },
  abstractContext: summarize,
  events: [
    { type: 'budget.select', budgetId: '00000000-0000-4000-8000-0000000000b1' },
    { type: 'budget.select', budgetId: null },
    { type: 'overBudget.confirm', confirmed: true },
    { type: 'xstate.done.actor.saveBudget', output: SAMPLE_OVER_BUDGET_PLAN },
    {
      type: 'xstate.error.actor.saveBudget',
      error: { status: 409, message: 'This plan was changed elsewhere', errorCode: 'PLAN_VERSION_CONFLICT' },
    },
    { type: 'xstate.error.actor.saveBudget', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.done.actor.loadRefusals',
      output: [{ key: 'meta', lastError: 'Meta does not accept ages under 18 for this objective' }],
    },
    { type: 'xstate.error.actor.loadRefusals', error: new TypeError('Failed to fetch') },
    { type: 'step.reset', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'step.reset', plan: SAMPLE_LIVE_PLAN },
    { type: 'step.saved', plan: SAMPLE_COMPLETE_PLAN },
  ],
});

/**
 * What each state of the review promises (chart input: the complete sample plan, draft, no budget; a
 * budget save answers with the plan €300 over "Q1 brand", unconfirmed).
 */
import { connectPlanningReview } from '@machines/planning/planningReview/planningReview.connect';
import { planningReviewMachine } from '@machines/planning/planningReview/planningReview.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof planningReviewMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPlanningReview(step.snapshot, () => {});
const OVER = 'The plan is over its budget: confirm planning over budget';

export const planningReviewOracle = defineOracle(planningReviewMachine, {
  always: (step) => {
    // The view's commands: the budget picker and the over-budget confirmation send their events.
    expectEqual(
      sentBy(
        (send) => connectPlanningReview(step.snapshot, send),
        (v) => {
          v.selectBudget('b1');
          v.confirmOverBudget(true);
        },
      ),
      [
        { type: 'budget.select', budgetId: 'b1' },
        { type: 'overBudget.confirm', confirmed: true },
      ],
      'commands',
    );
    const v = view(step);
    // Spec: Launch is offered exactly when nothing stops it.
    expectEqual(v.canLaunch, v.launchBlockers.length === 0, 'Launch offered');
    expectEqual(
      v.launchBlockers.includes(OVER),
      Boolean(v.fit?.over) && !v.fit?.overBudgetConfirmedAt,
      'over budget',
    );
    expectEqual(
      v.steps.map((s) => s.label),
      ['Overview', 'Platforms and budget', 'Audience', 'Schedule', 'Creative'],
      'summaries',
    );
  },
  events: {
    // Each platform's refusal is shown by platform.
    'xstate.done.actor.loadRefusals': (step) =>
      expectEqual(
        view(step).refusals,
        { meta: 'Meta does not accept ages under 18 for this objective' },
        'refusals',
      ),
  },
  states: {
    idle: (step) => {
      expectFields(view(step), {
        isSaving: false,
        readOnly: false,
        error: null,
        overBudgetConfirmed: Boolean(step.context.plan?.budgetFit?.overBudgetConfirmedAt),
      });
      if (step.event.type === 'xstate.done.actor.saveBudget')
        expectEqual(view(step).fit?.leftAfterMinor, -30_000, 'the saved plan’s fit');
      // Issue 28: "No budget" shows with exactly one budget that fits only when the planner chose it.
      const plan = step.context.plan;
      if (plan && plan.budgetFit === null && plan.budgetOptions.length === 1)
        expectThat(step.context.budgetDeclined, 'the only budget that fits was not chosen');
    },
    saving: (step) => {
      // Spec: the control shows the planner's choice at once, not after the save answers.
      expectFields(view(step), {
        isSaving: true,
        overBudgetConfirmed: step.event.type === 'overBudget.confirm' ? step.event.confirmed : false,
      });
      const request = step.snapshot.children.saveBudget as { options?: { input?: unknown } } | undefined;
      expectThat(request !== undefined, 'no budget save on its way');
      const plan = step.context.plan!;
      expectEqual(
        request.options?.input,
        {
          campaignId: plan.campaign.id,
          version: plan.campaign.version,
          budgetId:
            step.event.type === 'budget.select'
              ? step.event.budgetId
              : step.event.type === 'overBudget.confirm'
                ? (plan.budgetFit?.budget.id ?? null)
                : // Issue 28: the review opens on a plan without a budget that exactly one fits: it is chosen.
                  (plan.budgetOptions[0]?.id ?? null),
          overBudgetConfirmed: step.event.type === 'overBudget.confirm' ? step.event.confirmed : false,
        },
        'request',
      );
    },
    failed: (step) => {
      const error = step.event.error as { errorCode?: string; message?: string };
      expectEqual(
        view(step).error,
        error instanceof Error
          ? NETWORK_MESSAGE
          : 'This plan was changed elsewhere: reload the page to see it.',
        'error',
      );
    },
    readOnly: (step) => {
      expectFields(view(step), { readOnly: true, canLaunch: false });
      expectThat(!step.context.plan?.editableSteps.includes('review'), 'read-only while editable');
    },
  },
});

/**
 * The `planningReview` chart's generated paths, replayed on the wizard's review
 * (/planning/wizard/{id}/review over the chart's input plan: complete, one budget to draw on), invoked by the
 * wizard's own chart (as `review`) and watched among its descendants. The planner chooses the budget in
 * “Draws on” and confirms “Plan over budget”; PUT /planning/wizard/{id}/budget (`saveBudget`) and
 * GET /data/campaigns/{id}/platforms (`loadRefusals`, the last launch's refusals) wait for the path.
 *
 * `step.saved` and `step.reset` reach the review only when a step's save, or the reload after a conflict,
 * answers after the planner has moved on to the review; this page starts on the review with its plan saved,
 * so they are not produced here (the wizard's own tests send them). Those transitions are listed as
 * unreachable from this page, and the read-only review (reached only by a reset here) with them.
 */
import '../support/matchers';
import type { Plan } from '@contract/planning';
import { getChart } from '@machines';
import {
  connectPlanningReview,
  type PlanningReviewContext,
  type PlanningReviewSnapshot,
  type PlatformRefusal,
} from '@machines/planning/planningReview';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { snapshotOf } from '../../paths/viewActors';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest } from '../support/fakeApi';
import { checkWizardAround, renderWizardStep, type WizardStepPage } from '../support/wizardStepPaths';

// Watch the view's actors (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('planningReview');
const ID = (chart.input as { plan: Plan }).plan.campaign.id;
const BUDGET = (r: SeenRequest) => r.method === 'PUT' && r.path === `/planning/wizard/${ID}/budget`;
const REFUSALS = (r: SeenRequest) => r.method === 'GET' && r.path === `/data/campaigns/${ID}/platforms`;

const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningReviewContext;
const viewOf = (state: AnyMachineSnapshot) =>
  connectPlanningReview(state as unknown as PlanningReviewSnapshot, () => {});
const drawsOn = () => screen.getByLabelText('Draws on') as HTMLSelectElement;
const overBudget = () =>
  screen.queryByRole('checkbox', { name: /^Plan over budget/ }) as HTMLInputElement | null;

/** The budget card as the review's state says: the budget drawn on, the confirmation, the refusals. */
async function checkReview(state: AnyMachineSnapshot) {
  const view = viewOf(state);
  await waitFor(() => expect(drawsOn().value).toBe(view.selectedBudgetId ?? ''));
  if (view.needsOverBudgetConfirmation) expect(overBudget()?.checked).toBe(view.overBudgetConfirmed);
  else expect(overBudget()).not.toBeInTheDocument();
  for (const message of Object.values(contextOf(state).refusals))
    expect(await screen.findByText(`Refused: ${message}`)).toBeInTheDocument();
  if (Object.keys(contextOf(state).refusals).length === 0)
    expect(screen.queryByText(/^Refused: /)).not.toBeInTheDocument();
}

type Payload = EventObject & Record<string, unknown>;

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  compareContext: (context: PlanningReviewContext) => chart.abstractContext?.(context),
  render: () => renderWizardStep(chart, 'review', 'Budget', { hold: REFUSALS }),
  events: {
    'budget.select': ({ user }, { event }) => user.selectOptions(drawsOn(), (event.budgetId as string) ?? ''),
    'overBudget.confirm': ({ user }) => user.click(overBudget()!),
    'xstate.done.actor.saveBudget': ({ server }, { event }) => server.respond(BUDGET, json(event.output)),
    'xstate.error.actor.saveBudget': ({ server }, { event }) =>
      server.answerWith(BUDGET, { error: event.error }),
    'xstate.done.actor.loadRefusals': ({ server }, { event }) => {
      const refusals = event.output as PlatformRefusal[];
      return server.respond(
        REFUSALS,
        json(
          refusals.map(({ key, lastError }) => ({
            key,
            displayName: key,
            status: 'failed',
            externalId: null,
            lastError,
            attempts: 1,
            nextAttemptAt: null,
            updatedAt: null,
          })),
        ),
      );
    },
    'xstate.error.actor.loadRefusals': async ({ server }, { event }, run) => {
      await server.answerWith(REFUSALS, { error: event.error });
      // Nothing shows (no refusals either way): wait until the review has taken the failure.
      await waitFor(() =>
        expect(
          (
            snapshotOf(run.watched).children.loadRefusals as { getSnapshot(): { status: string } } | undefined
          )?.getSnapshot().status ?? 'gone',
        ).not.toBe('active'),
      );
    },
  },
  states: {
    idle: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Review', false);
      await checkReview(state);
      expect(drawsOn()).not.toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    saving: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Review', false);
      await waitFor(() => expect(drawsOn()).toBeDisabled());
      await checkReview(state);
    },
    failed: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Review', false);
      expect(await screen.findByRole('alert')).toHaveTextContent(contextOf(state).error ?? '');
      expect(drawsOn()).not.toBeDisabled();
      await checkReview(state);
    },
  },
  unproducible: [
    {
      because: 'choosing the budget already drawn on changes nothing',
      step: (event, before) =>
        event.type === 'budget.select' && viewOf(before).selectedBudgetId === (event as Payload).budgetId,
    },
    {
      because:
        '“Plan over budget” shows only when the plan is over its budget, and a click turns it the other way',
      step: (event, before) =>
        event.type === 'overBudget.confirm' &&
        (!viewOf(before).needsOverBudgetConfirmation ||
          viewOf(before).overBudgetConfirmed === (event as Payload).confirmed),
    },
  ],
  unreachable: [
    {
      transition: 'opening --always--> idle',
      because:
        'this page opens on the chart’s plan, which exactly one budget fits and none is assigned: the review chooses it at once (issue 28); a later reopening comes from a step.saved or step.reset this page never receives',
    },
    ...['idle --step.saved--> opening', 'idle --step.reset--> opening', 'failed --step.reset--> opening'].map(
      (transition) => ({
        transition,
        because:
          'only a step save or reload answering after the move to the review sends them; this page opens on a saved review',
        event: (event: EventObject) => event.type === 'step.saved' || event.type === 'step.reset',
      }),
    ),
    ...[
      'readOnly --step.saved--> opening',
      'readOnly --step.reset--> opening',
      'opening --always [isReadOnly]--> readOnly',
    ].map((transition) => ({
      transition,
      because:
        'the review is read-only here only after a step.reset to a live plan, which this page never receives',
    })),
  ],
});

/**
 * The `liveChange` chart's generated paths, replayed on the wizard's review of a live campaign (issue 28):
 * the “Changes to apply” card loads GET /planning/wizard/{id}/change, which waits for the path; Apply
 * changes is POST /planning/wizard/{id}/apply behind the real “Confirm it's you” dialog (endRisky); while
 * the change is on its way the card asks again at the actor's (simulated) poll interval.
 */
import '../support/matchers';
import type { Plan, PlanChange } from '@contract/planning';
import { getChart } from '@machines';
import type { LiveChangeContext } from '@machines/liveChange';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { resetStepUp } from '@src/features/challenge/requestStepUp';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest } from '../support/fakeApi';
import { endRisky, STEP_UP_HELD } from '../support/riskyRequest';
import { renderWizardStep, type WizardStepPage } from '../support/wizardStepPaths';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  // Each path loads the step-up afresh over its own fake server.
  resetStepUp();
});

const chart = getChart('liveChange');
const reviewChart = getChart('planningReview');
const ID = (reviewChart.input as { plan: Plan }).plan.campaign.id;
const CHANGE = (r: SeenRequest) => r.method === 'GET' && r.path === `/planning/wizard/${ID}/change`;
const APPLY = (r: SeenRequest) => r.method === 'POST' && r.path === `/planning/wizard/${ID}/apply`;

/** The review's plan, live: its steps make a change (the review's budget choice stays). */
const live = (plan: Plan): Plan => ({
  ...plan,
  campaign: { ...plan.campaign, status: 'active' },
  editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'creative'],
});

const context = (state: { context: unknown }) => state.context as LiveChangeContext;
const card = () => within(screen.getByRole('region', { name: 'Changes to apply' }));
const applyButton = () => card().getByRole('button', { name: /^(Apply changes|Apply again|Applying…)$/ });

async function seesChange(step: ViewStep) {
  const { change, error, notice } = context(step.state);
  if (!change) return;
  if (change.state === 'none')
    expect(
      card().getByText('Nothing to apply: the platforms run this plan. Edit a step to plan a change.'),
    ).toBeInTheDocument();
  if (change.diff) expect(card().getByRole('heading', { name: 'Totals' })).toBeInTheDocument();
  const sides = card().getByRole('list', { name: 'On the platforms' });
  for (const platform of change.platforms) {
    expect(sides).toHaveTextContent(platform.displayName);
    if (platform.error) expect(sides).toHaveTextContent(platform.error);
  }
  if (error) expect(card().getByText(error)).toBeInTheDocument();
  if (notice) expect(card().getByText(notice)).toBeInTheDocument();
}

describeViewPathTests<WizardStepPage>({
  chart,
  compareContext: ({ change, error, notice }: LiveChangeContext) => ({
    state: change?.state ?? null,
    error,
    notice,
  }),
  render: () =>
    renderWizardStep(reviewChart, 'review', 'Changes to apply', {
      served: live,
      hold: (r) => CHANGE(r) || APPLY(r) || STEP_UP_HELD.has(r.path),
    }),
  events: {
    'xstate.done.actor.loadChange': ({ server }, { event }) =>
      server.respond(CHANGE, json({ ...(event.output as PlanChange), campaignId: ID })),
    'xstate.error.actor.loadChange': ({ server }, { event }) =>
      server.answerWith(CHANGE, { error: event.error }),
    retry: ({ user }) => user.click(card().getByRole('button', { name: 'Try again' })),
    apply: ({ user }) => user.click(applyButton()),
    'xstate.done.actor.applyChange': (page, { event }) =>
      endRisky(
        page,
        APPLY,
        event.output as StepUpConfirmationOutput,
        json({ status: 'applying', hash: 'a'.repeat(64) }, { status: 202 }),
      ),
    'notice.dismiss': ({ user }) => user.click(card().getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: async () => {
      await waitFor(() => expect(card().getByText('Loading the change…')).toBeInTheDocument());
    },
    loadFailed: async (_page, step) => {
      await waitFor(() => expect(card().getByText('The change could not be loaded.')).toBeInTheDocument());
      expect(card().getByText(context(step.state).loadError!)).toBeInTheDocument();
    },
    ready: async (_page, step) => {
      const state = context(step.state).change?.state;
      await waitFor(() =>
        expect(applyButton()).toHaveTextContent(state === 'refused' ? 'Apply again' : 'Apply changes'),
      );
      if (state === 'draft' || state === 'refused') expect(applyButton()).not.toBeDisabled();
      else expect(applyButton()).toBeDisabled();
      await seesChange(step);
    },
    confirming: async () => {
      await waitFor(() => expect(applyButton()).toHaveTextContent('Applying…'));
      expect(applyButton()).toBeDisabled();
    },
    applying: async (_page, step) => {
      await waitFor(() => expect(applyButton()).toHaveTextContent('Applying…'));
      await seesChange(step);
    },
    checking: async () => {
      await waitFor(() => expect(applyButton()).toHaveTextContent('Applying…'));
    },
  },
});

/**
 * The `planningPreflight` chart's generated paths, replayed on the wizard's review
 * (/planning/wizard/{id}/review over the `planningReview` chart's input plan): the “Platform checks” card
 * creates the chart's actor itself (usePlanningPreflight), and GET /planning/wizard/{id}/preflight
 * (`loadPreflight`) waits for the path, answered with the step's output or error. “Check again” asks again.
 * The last launch's refusals (GET /data/campaigns/{id}/platforms) answer none here, so the card's table
 * holds the pre-flight rows only.
 */
import '../support/matchers';
import type { Plan, PreflightCheck } from '@contract/planning';
import { getChart } from '@machines';
import {
  connectPlanningPreflight,
  type PlanningPreflightContext,
  type PlanningPreflightSnapshot,
} from '@machines/planning/planningPreflight';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
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

const chart = getChart('planningPreflight');
// The page: the review of the `planningReview` chart's input plan (complete, so the wizard opens its review).
const reviewChart = getChart('planningReview');
const ID = (reviewChart.input as { plan: Plan }).plan.campaign.id;
const PREFLIGHT = (r: SeenRequest) => r.method === 'GET' && r.path === `/planning/wizard/${ID}/preflight`;

const RESULT_LABELS: Record<PreflightCheck['result'], string> = {
  passed: 'Would take it',
  refused: 'Would refuse it',
  unavailable: 'Did not answer',
  not_connected: 'Not connected',
};

const viewOf = (state: AnyMachineSnapshot) =>
  connectPlanningPreflight(state as unknown as PlanningPreflightSnapshot, () => {});
const card = () => screen.getByRole('region', { name: 'Platform checks' });
const checkAgain = () => within(card()).getByRole('button', { name: 'Check again' });
const status = () => within(card()).getByRole('status');

/** The card as the state says: the status line, one row per platform's answer, “Check again”. */
async function checkCard(state: AnyMachineSnapshot) {
  const view = viewOf(state);
  await checkWizardAround('Review', false);
  const text =
    view.phase === 'checking'
      ? 'Asking the platforms…'
      : view.phase === 'failed'
        ? view.errorMessage
        : view.summary;
  await waitFor(() => expect(status()).toHaveTextContent(text ?? ''));
  if (view.phase === 'checking') expect(checkAgain()).toBeDisabled();
  else expect(checkAgain()).not.toBeDisabled();
  const checks = (state.context as PlanningPreflightContext).checks ?? [];
  const table = within(card()).queryByRole('table', { name: 'Platform checks' });
  if (checks.length === 0) {
    expect(table).not.toBeInTheDocument();
    return;
  }
  expect(table).toHaveAttribute('aria-busy', String(view.phase === 'checking'));
  const rows = within(table!).getAllByRole('row');
  const linkOf = (check: PreflightCheck) =>
    `${check.connection === 'needs_reconnect' ? 'Reconnect' : 'Connect'} ${check.displayName}`;
  for (const check of checks.filter((c) => c.result === 'not_connected'))
    expect(within(table!).getByRole('link', { name: linkOf(check) })).toHaveAttribute('href', '/platforms');
  expect(rows.slice(1).map((row) => row.textContent)).toEqual(
    checks.map(
      (check) =>
        `${check.displayName}Pre-flight validation${RESULT_LABELS[check.result]}${check.message ? `: ${check.message}` : ''}${
          // A platform not connected links to where it is connected.
          check.result === 'not_connected' ? ` ${linkOf(check)}` : ''
        }`,
    ),
  );
}

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  // The chart's own abstraction: answered, refused by one, failed (the page's campaign id is not 'c1').
  compareContext: (context: PlanningPreflightContext) => chart.abstractContext?.(context),
  render: () => renderWizardStep(reviewChart, 'review', 'Platform checks', { hold: PREFLIGHT }),
  events: {
    'xstate.done.actor.loadPreflight': ({ server }, { event }) =>
      server.respond(PREFLIGHT, json(event.output)),
    'xstate.error.actor.loadPreflight': ({ server }, { event }) =>
      server.answerWith(PREFLIGHT, { error: event.error }),
    'preflight.recheck': ({ user }) => user.click(checkAgain()),
  },
  states: {
    checking: (_view, { state }: ViewStep) => checkCard(state),
    answered: (_view, { state }: ViewStep) => checkCard(state),
    failed: (_view, { state }: ViewStep) => checkCard(state),
  },
});

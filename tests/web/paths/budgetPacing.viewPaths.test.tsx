/**
 * The `budgetPacing` chart's generated paths, replayed on the real budget page (/budgets/:id): the
 * "Pacing" card loads GET /api/budgets/{id}/pacing (held by the fake server until a path step answers
 * it); the forecast checkbox hides and shows the dashed forecast (its column in the chart's table).
 */
import '../support/matchers';
import type { BudgetPacing } from '@contract/pacing';
import type { Budget } from '@contract/resources';
import { getChart } from '@machines';
import type { BudgetPacingContext } from '@machines/budgetPacing';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/api/referenceData';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { CUSTOMER, json, SIGNED_IN_USER, signedInPage } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const BUDGET: Budget = {
  id: '00000000-0000-4000-8000-0000000000b1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  customerId: CUSTOMER.id,
  name: 'Summer 2030',
  periodStart: '2030-06-01',
  periodEnd: '2030-06-30',
  amountMinor: 300_000,
  currency: 'EUR',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const PACING = `/api/budgets/${BUDGET.id}/pacing`;

/** The spec's words for each status. */
const LABELS: Record<string, string> = {
  not_started: 'Not started',
  on_track: 'On track',
  underpacing: 'Underpacing',
  overpacing: 'Overpacing',
  too_early: 'Too early',
  ended: 'Ended',
};

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const card = () => screen.getByRole('region', { name: 'Pacing' });
const context = (state: { context: unknown }) => state.context as BudgetPacingContext;
const forecastBox = () => within(card()).getByRole('checkbox', { name: 'Show the forecast' });

const euros = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' })
    .format(minor / 100)
    .replace(/\.00$/, '');

/** Amount, booked, spent, remaining as the answer says, and the status in words. */
function expectFigures(answer: BudgetPacing) {
  const { amountMinor, bookedMinor, spentMinor, remainingMinor } = answer.pacing;
  const terms = [...card().querySelectorAll('dl > div')].map((row) => row.textContent);
  expect(terms).toEqual([
    `Amount${euros(amountMinor)}`,
    `Booked${euros(bookedMinor)}`,
    `Spent${euros(spentMinor)}`,
    `Left to spend${euros(remainingMinor)}`,
  ]);
  expect(within(card()).getByText(LABELS[answer.pacing.status]!)).toBeInTheDocument();
}

function expectTable(forecast: boolean) {
  const table = within(card()).getByRole('table', { name: /^Pacing of Summer 2030/ });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  expect(headers).toEqual(forecast ? ['Day', 'Spent', 'Planned', 'Forecast'] : ['Day', 'Spent', 'Planned']);
  expect(within(table).getAllByRole('row')).toHaveLength(31);
}

describeViewPathTests<PageView>({
  chart: getChart('budgetPacing'),
  compareContext: ({ pacing, error }: BudgetPacingContext) => ({
    status: pacing?.pacing.status ?? null,
    failed: error !== null,
  }),
  async render() {
    const server = heldServer({
      hold: (request) => request.path === PACING,
      answer: signedInPage({
        [`/api/budgets/${BUDGET.id}`]: BUDGET,
        [`/api/customers/${CUSTOMER.id}`]: CUSTOMER,
      }),
    });
    renderApp(`/budgets/${BUDGET.id}`);
    await screen.findByRole('region', { name: 'Pacing' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadPacing': ({ server }, { event }) => server.respond(PACING, json(event.output)),
    'xstate.error.actor.loadPacing': ({ server }, { event }) =>
      server.answerWith(PACING, { error: event.error }),
    'pacing.retry': ({ user }) =>
      user.click(within(card()).getByRole('button', { name: 'Try again to load the pacing' })),
    'forecast.hide': ({ user }) => user.click(forecastBox()),
    'forecast.show': ({ user }) => user.click(forecastBox()),
  },
  states: {
    loading: () => {
      expect(within(card()).getByText('Loading…')).toBeInTheDocument();
      expect(card()).toHaveAttribute('aria-busy', 'true');
      expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
    },
    empty: async (_view, { state }) => {
      await within(card()).findByText(/Nothing to chart yet/);
      expectFigures(context(state).pacing!);
      expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
    },
    'shown.withForecast': async (_view, { state }) => {
      await within(card()).findByRole('checkbox', { name: 'Show the forecast' });
      expectFigures(context(state).pacing!);
      expect((forecastBox() as HTMLInputElement).checked).toBe(true);
      expectTable(true);
    },
    'shown.withoutForecast': (_view, { state }) => {
      expectFigures(context(state).pacing!);
      expect((forecastBox() as HTMLInputElement).checked).toBe(false);
      expectTable(false);
    },
    failed: async (_view, { state }) => {
      const { error } = context(state);
      const alert = await within(card()).findByRole('alert');
      const status = (error as { status?: unknown }).status;
      expect(alert).toHaveTextContent(
        typeof status === 'number' ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE,
      );
      // The rest of the budget's page still shows.
      expect(screen.getByRole('region', { name: 'Budget details' })).toBeInTheDocument();
    },
  },
});

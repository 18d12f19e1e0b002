/**
 * The `planChange` chart's generated paths, replayed on the real plans page (/billing/plans): the plan
 * cards, the inline “Switch to Starter?” confirmation, the notices, checkout. GET /api/billing and
 * POST /api/billing/plan wait for the path's steps; the rest of the app gets the settings fake server.
 * The browser's own navigation (checkout) is the `browser` object views use, spied on.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { BillingSummary, PlanChangeContext } from '@machines/planChange';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { browser } from '@src/lib/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { settingsServer } from '../support/settingsServer';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  globalThis.fetch = realFetch;
  assign.mockRestore();
});

interface PlansView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const LOAD = (request: { method: string; path: string }) =>
  request.method === 'GET' && request.path === '/api/billing';
const CHANGE = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/billing/plan';

const context = (state: { context: unknown }) => state.context as PlanChangeContext;
const nameOf = (billing: BillingSummary | null, code: string | null) =>
  billing?.plans.find((plan) => plan.code === code)?.name ?? '';
const card = (name: string) => screen.getByRole('region', { name: `${name} plan` });
const confirmGroup = (name: string) => screen.getByRole('group', { name: `Confirm switching to ${name}` });
const errorMessage = (error: unknown) =>
  typeof (error as { status?: unknown }).status === 'number'
    ? (error as { message: string }).message
    : NETWORK_ERROR_MESSAGE;

/** One card per plan: the current one marked, the trial not choosable, the others with “Choose <plan>”. */
function expectCards({ billing, pendingPlanCode }: PlanChangeContext, mode: 'idle' | 'busy') {
  for (const plan of billing!.plans) {
    const region = card(plan.name);
    if (plan.code === billing!.planCode) {
      expect(region).toHaveAttribute('aria-current', 'true');
      expect(within(region).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    } else if (plan.code === 'trial') {
      expect(within(region).getByText('Every new organization starts here.')).toBeInTheDocument();
    } else if (plan.code === pendingPlanCode) {
      // Its own state says what it shows (confirmation or “Switching…”).
    } else {
      const choose = within(region).getByRole('button', { name: `Choose ${plan.name}` });
      if (mode === 'busy') expect(choose).toBeDisabled();
      else expect(choose).not.toBeDisabled();
    }
  }
}

function expectNoNotice() {
  expect(screen.queryByText('Plan changed')).not.toBeInTheDocument();
  expect(screen.queryByText('The plan could not be changed')).not.toBeInTheDocument();
}

describeViewPathTests<PlansView>({
  chart: getChart('planChange'),
  compareContext: ({ billing, loadError, pendingPlanCode, notice }: PlanChangeContext) => ({
    billing,
    loadError,
    pendingPlanCode,
    notice,
  }),
  async render() {
    settingsServer();
    const server = heldServer({
      hold: (request) => LOAD(request) || CHANGE(request),
      fallback: globalThis.fetch,
    });
    renderApp('/billing/plans');
    await screen.findByRole('heading', { name: 'Plans' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadBilling': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadBilling': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.changePlan': ({ server }, { event }) => server.respond(CHANGE, json(event.output)),
    'xstate.error.actor.changePlan': ({ server }, { event }) =>
      server.answerWith(CHANGE, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'plan.choose': ({ user }, { event, state }) => {
      const name = nameOf(context(state).billing, event.planCode as string);
      return user.click(within(card(name)).getByRole('button', { name: `Choose ${name}` }));
    },
    'plan.confirm': ({ user }, { state }) => {
      const name = nameOf(context(state).billing, context(state).pendingPlanCode);
      return user.click(within(confirmGroup(name)).getByRole('button', { name: `Switch to ${name}` }));
    },
    'plan.cancel': ({ user }, { path, index }) => {
      // The plan being confirmed is the one of the step before.
      const before = context(path.steps[index - 1]!.state);
      const name = nameOf(before.billing, before.pendingPlanCode);
      return user.click(within(confirmGroup(name)).getByRole('button', { name: 'Cancel' }));
    },
    'notice.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading plans…')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /plan$/ })).not.toBeInTheDocument();
    },
    loadFailed: async (_view, { state }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The plans could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError!);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    'loaded.idle': async (_view, { state }) => {
      await screen.findByRole('region', { name: 'Starter plan' });
      expectCards(context(state), 'idle');
      expectNoNotice();
      expect(screen.queryByRole('group', { name: /^Confirm switching/ })).not.toBeInTheDocument();
    },
    'loaded.confirming': (_view, { state }) => {
      const { billing, pendingPlanCode } = context(state);
      const name = nameOf(billing, pendingPlanCode);
      const group = confirmGroup(name);
      expect(within(group).getByText(`Switch to ${name}?`)).toBeInTheDocument();
      expect(within(group).getByText(/does not include white-label branding/)).toBeInTheDocument();
      expectCards(context(state), 'busy');
    },
    'loaded.changing': (_view, { state }) => {
      const { billing, pendingPlanCode } = context(state);
      expect(
        within(card(nameOf(billing, pendingPlanCode))).getByRole('button', { name: 'Switching…' }),
      ).toBeDisabled();
      expectCards(context(state), 'busy');
    },
    'loaded.checkingOut': async (_view, { path, index }) => {
      expect(await screen.findByText('Taking you to checkout…')).toBeInTheDocument();
      const answer = path.steps[index]!.event as { output?: BillingSummary };
      expect(assign).toHaveBeenCalledWith(answer.output!.checkoutUrl);
    },
    'loaded.changed': async (_view, { state }) => {
      const { billing } = context(state);
      const notice = (await screen.findByText('Plan changed')).closest('[role="status"]')!;
      expect(notice).toHaveTextContent(`You are now on the ${nameOf(billing, billing!.planCode)} plan.`);
      await waitFor(() => expectCards(context(state), 'idle'));
    },
    'loaded.changeFailed': async (_view, { state, path, index }) => {
      const notice = (await screen.findByText('The plan could not be changed')).closest('[role="alert"]')!;
      const failure = path.steps[index]!.event as { error?: unknown };
      expect(notice).toHaveTextContent(
        failure.error !== undefined ? errorMessage(failure.error) : context(state).notice!.message,
      );
      expectCards(context(state), 'idle');
    },
  },
});

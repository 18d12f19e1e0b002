/**
 * The `budgetCreate` chart's (the budget form in create mode) generated paths, replayed on the real create page (/budgets/new) served by a
 * fake API; POST /api/budgets waits for the path's done / error step. Dates are set the way a date picker
 * sets them (one change event); text is pasted over the field; the customer and currency are chosen.
 *
 * As for the edit form (budgetEdit.viewPaths.test.tsx), each step is compared through the chart's
 * abstraction and each state's checks compare the page with the view's own actor's context.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { BudgetField, BudgetFormContext } from '@machines/budgetForm';
import { BUDGET_CREATE_SAMPLE_ID } from '@machines/budgetForm/budgetCreate.chart';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { CUSTOMER, json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { heldServer } from '../support/heldServer';
import { type PageFormPage, pageFormPaths, pickDate } from '../support/pageFormPaths';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('budgetCreate');
const CREATED = {
  id: BUDGET_CREATE_SAMPLE_ID,
  accountId: SIGNED_IN_USER.currentAccount.id,
  customerId: CUSTOMER.id,
  name: 'Q3 performance',
  periodStart: '2026-07-01',
  periodEnd: '2026-09-30',
  amountMinor: 4_000_000,
  currency: 'EUR',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const LABELS: Record<BudgetField, string> = {
  name: 'Name',
  customerId: 'Customer',
  periodStart: 'First day',
  periodEnd: 'Last day',
  amount: 'Amount',
  currency: 'Currency',
};
const { input, submitButton, watching, states } = pageFormPaths<BudgetFormContext, BudgetField>({
  chart,
  form: () => screen.getByRole('region', { name: 'New budget' }),
  labels: LABELS,
  submitLabel: 'Create budget',
  busyLabel: 'Creating…',
});

describeViewPathTests<PageFormPage>({
  chart,
  compareContext: (value: BudgetFormContext) => chart.abstractContext?.(value),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
      if (request.path === `/api/customers/${CUSTOMER.id}`) return json(CUSTOMER);
      if (request.path === `/api/budgets/${CREATED.id}`) return json(CREATED);
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (request) => request.path === '/api/budgets' && request.method === 'POST',
      fallback: globalThis.fetch,
    });
    const { location } = renderApp('/budgets/new');
    await screen.findByRole('region', { name: 'New budget' });
    return { server, user: userEvent.setup({ delay: null }), location };
  },
  events: {
    'field.change': watching(async ({ user }, { event }) => {
      const field = event.field as BudgetField;
      const value = event.value as string;
      if (field === 'currency' || field === 'customerId') return user.selectOptions(input(field), value);
      if (field !== 'periodStart' && field !== 'periodEnd') return replaceText(user, input(field), value);
      pickDate(input(field), value);
    }),
    'form.submit': watching(({ user }) => user.click(submitButton())),
    'xstate.done.actor.submitBudget': watching(({ server }) =>
      server.respond('/api/budgets', json(CREATED, { status: 201 })),
    ),
    'xstate.error.actor.submitBudget': watching(({ server }, { event }) =>
      server.answerWith('/api/budgets', { error: event.error }),
    ),
  },
  states: {
    ...states,
    succeeded: async (view) => {
      // Created: on the new budget's page.
      await waitFor(() => expect(view.location()).toBe(`/budgets/${CREATED.id}`));
    },
  },
});

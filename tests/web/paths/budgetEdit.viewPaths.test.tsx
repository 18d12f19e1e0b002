/**
 * The `budgetEdit` chart's generated paths, replayed on the real edit page (/budgets/:id/edit) of the
 * chart's sample budget, served by a fake API; PATCH /api/budgets/:id waits for the path's done / error
 * step. Dates are set the way a date picker sets them (one change event); text is pasted over the field.
 *
 * The chart's paths know the form only up to its abstraction (which fields fail, whether messages show...),
 * so the actor is compared with each step through that abstraction, and each state's checks compare the
 * page with the view's own actor's context (tests/web/support/pageFormPaths.ts, shared with the campaign
 * overview's).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { BudgetEditInput, BudgetField, BudgetFormContext } from '@machines/budgetForm';
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

const chart = getChart('budgetEdit');
const { budget } = chart.input as BudgetEditInput;
const RECORD = {
  ...budget,
  accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  customerId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const BUDGET_PATH = `/api/budgets/${budget.id}`;

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
  form: () => screen.getByRole('region', { name: 'Edit budget' }),
  labels: LABELS,
  submitLabel: 'Save budget',
});

describeViewPathTests<PageFormPage>({
  chart,
  compareContext: (value: BudgetFormContext) => chart.abstractContext?.(value),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === BUDGET_PATH) return json(RECORD);
      if (request.path === '/api/budgets') return json([RECORD], { total: 1 });
      if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (request) => request.path === BUDGET_PATH && request.method === 'PATCH',
      fallback: globalThis.fetch,
    });
    const { location } = renderApp(`/budgets/${budget.id}/edit`);
    await screen.findByRole('region', { name: 'Edit budget' });
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
      server.respond(BUDGET_PATH, json({ ...RECORD, updatedAt: '2026-02-01T00:00:00.000Z' })),
    ),
    'xstate.error.actor.submitBudget': watching(({ server }, { event }) =>
      server.answerWith(BUDGET_PATH, { error: event.error }),
    ),
  },
  states: {
    ...states,
    succeeded: async (view) => {
      // Saved: back on the budget's page.
      await waitFor(() => expect(view.location()).toBe(`/budgets/${budget.id}`));
    },
  },
});

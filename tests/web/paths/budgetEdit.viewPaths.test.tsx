/**
 * The `budgetEdit` chart's generated paths, replayed on the real edit page (/budgets/:id/edit) of the
 * chart's sample budget, served by a fake API; PATCH /api/budgets/:id waits for the path's done / error
 * step. Dates are set the way a date picker sets them (one change event); text is pasted over the field.
 *
 * The chart's paths know the form only up to its abstraction (which fields fail, whether messages show...),
 * so the actor is compared with each step through that abstraction, and each state's checks compare the
 * page with the view's own actor's context.
 */
import '../support/matchers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { getChart } from '../../../machines';
import type { BudgetEditContext, BudgetEditField, BudgetEditInput } from '../../../machines/budgetEdit';
import { NETWORK_ERROR_MESSAGE } from '../../../machines/shared/errors';
import type { WatchedActor } from '../../paths/viewActors';
import {
  describeViewPathTests,
  type EventPerformer,
  replaceText,
  type ViewStep,
} from '../../paths/viewPathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
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
/** The chart's initial context (a path's first vertex may be another context with the same abstraction). */
const INITIAL = createActor(chart.machine, { input: chart.input }).getSnapshot().context;
const { budget } = chart.input as BudgetEditInput;
const RECORD = {
  ...budget,
  accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  customerId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const BUDGET_PATH = `/api/budgets/${budget.id}`;

interface EditPage {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  /** The view's actor, known from the first event on. */
  watched?: WatchedActor;
}

const LABELS: Record<BudgetEditField, string> = {
  name: 'Name',
  periodStart: 'First day',
  periodEnd: 'Last day',
  amount: 'Amount',
  currency: 'Currency',
};
const form = () => screen.getByRole('region', { name: 'Edit budget' });
const input = (name: BudgetEditField) => within(form()).getByLabelText<HTMLInputElement>(LABELS[name]);
const submitButton = () => within(form()).getByRole('button', { name: /^(Save budget|Saving…)$/ });
const context = (view: EditPage, step: ViewStep) =>
  (view.watched?.actor.getSnapshot().context ??
    (step.index === 0 ? INITIAL : step.state.context)) as BudgetEditContext;
const watching =
  (perform: EventPerformer<EditPage>): EventPerformer<EditPage> =>
  (view, step, run) => {
    view.watched = run.watched;
    return perform(view, step, run);
  };

/** The form shows the context: values, each field's message (or none), the form's message. */
function expectForm({ values, fieldErrors, formError }: BudgetEditContext) {
  for (const name of Object.keys(LABELS) as BudgetEditField[]) {
    expect(input(name).value).toBe(values[name]);
    const message = fieldErrors[name];
    if (message) expect(input(name)).toHaveAccessibleDescription(message);
    else expect(input(name)).not.toHaveAttribute('aria-invalid');
  }
  // The form's message region is the last alert (an upgrade notice is one too).
  if (formError) expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(formError);
  else expect(within(form()).getAllByRole('alert').at(-1)).toBeEmptyDOMElement();
}

describeViewPathTests<EditPage>({
  chart,
  compareContext: (value: BudgetEditContext) => chart.abstractContext?.(value),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === BUDGET_PATH) return json(RECORD);
      if (request.path === '/api/budgets') return json([RECORD], { total: 1 });
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
      const field = event.field as BudgetEditField;
      const value = event.value as string;
      if (field === 'currency') return user.selectOptions(input(field), value);
      if (field !== 'periodStart' && field !== 'periodEnd') return replaceText(user, input(field), value);
      // A date picker sets the whole date at once; the same date again is cleared and set.
      if (input(field).value === value) fireEvent.change(input(field), { target: { value: '' } });
      fireEvent.change(input(field), { target: { value } });
    }),
    'form.submit': watching(({ user }) => user.click(submitButton())),
    'xstate.done.actor.saveBudget': watching(({ server }) =>
      server.respond(BUDGET_PATH, json({ ...RECORD, updatedAt: '2026-02-01T00:00:00.000Z' })),
    ),
    'xstate.error.actor.saveBudget': watching(({ server }, { event }) =>
      server.answerWith(BUDGET_PATH, { error: event.error }),
    ),
  },
  states: {
    editing: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent('Save budget');
      expect(submitButton()).not.toBeDisabled();
    },
    submitting: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent('Saving…');
      expect(submitButton()).toBeDisabled();
    },
    failed: async (view, step) => {
      const { event } = step;
      await waitFor(() => expect(submitButton()).toHaveTextContent('Save budget'));
      const error = event.error as { status?: number; errorCode?: string } | undefined;
      if (error && typeof error.status !== 'number') {
        expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      }
      if (error?.errorCode === 'REQUIRES_UPGRADE') {
        expect(within(form()).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
          'href',
          '/billing/plans',
        );
      } else {
        expect(within(form()).queryByRole('link', { name: 'Upgrade now' })).not.toBeInTheDocument();
      }
      expectForm(context(view, step));
    },
    succeeded: async (view) => {
      // Saved: back on the budget's page.
      await waitFor(() => expect(view.location()).toBe(`/budgets/${budget.id}`));
    },
  },
});

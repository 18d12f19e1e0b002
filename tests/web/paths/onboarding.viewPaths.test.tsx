/**
 * The `onboarding` chart's generated paths, replayed on the real onboarding page (/onboarding) of a
 * signed-up user without a workspace (named Ada Lovelace, like the chart's input). POST /api/onboarding
 * waits for the path's done / error step; the app's full page load into the workspace is the `browser`
 * object views use, spied on.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { OnboardingContext, OnboardingField } from '@machines/onboarding';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
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

interface OnboardingView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const ONBOARDING = '/api/onboarding';
const LABELS: Record<OnboardingField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  organizationName: 'Organization name',
  accountName: 'First account (client) name',
};
const field = (name: OnboardingField) => screen.getByLabelText<HTMLInputElement>(LABELS[name]);
const context = (state: { context: unknown }) => state.context as OnboardingContext;
const submitButton = () =>
  screen.getByRole('button', { name: /^(Continue|Setting up…|Opening your workspace…)$/ });

/** The fields as typed, each with its message or none, and the form's message (the alert region). */
function expectForm({ values, fieldErrors, formError }: OnboardingContext, locked: boolean) {
  for (const name of Object.keys(LABELS) as OnboardingField[]) {
    const input = field(name);
    expect(input.value).toBe(values[name]);
    const message = fieldErrors[name];
    if (message) expect(input).toHaveAccessibleDescription(message);
    else expect(input).not.toHaveAttribute('aria-invalid', 'true');
    if (locked) expect(input).toHaveAttribute('readonly');
    else expect(input).not.toHaveAttribute('readonly');
  }
  if (formError) expect(screen.getByRole('alert')).toHaveTextContent(formError);
  else expect(screen.getByRole('alert')).toBeEmptyDOMElement();
}

describeViewPathTests<OnboardingView>({
  chart: getChart('onboarding'),
  compareContext: (context: OnboardingContext) => context,
  async render() {
    settingsServer({
      requiresOnboarding: true,
      organizations: [],
      accounts: [],
      currentOrganizationId: null,
      currentAccountId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const server = heldServer({ hold: (request) => request.path === ONBOARDING, fallback: globalThis.fetch });
    renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'Set up your workspace' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'field.change': ({ user }, { event }) =>
      replaceText(user, field(event.field as OnboardingField), event.value as string),
    'form.submit': ({ user }) => user.click(submitButton()),
    'xstate.done.actor.completeOnboarding': ({ server }, { event }) =>
      server.respond(ONBOARDING, json(event.output, { status: 201 })),
    'xstate.error.actor.completeOnboarding': ({ server }, { event }) =>
      server.answerWith(ONBOARDING, { error: event.error }),
  },
  states: {
    editing: (_view, { state }) => {
      expectForm(context(state), false);
      expect(submitButton()).toHaveTextContent('Continue');
      expect(submitButton()).not.toBeDisabled();
    },
    submitting: (_view, { state }) => {
      expectForm(context(state), true);
      expect(submitButton()).toHaveTextContent('Setting up…');
      expect(submitButton()).toBeDisabled();
    },
    failed: async (_view, { state, event }) => {
      await waitFor(() => expect(submitButton()).toHaveTextContent('Continue'));
      const error = event.error as { status?: number } | undefined;
      if (error && typeof error.status !== 'number') {
        expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      }
      expectForm(context(state), false);
    },
    succeeded: async () => {
      // Done (or done before, ALREADY_ONBOARDED): the app is loaded afresh into the workspace.
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      expect(submitButton()).toHaveTextContent('Opening your workspace…');
      expect(submitButton()).toBeDisabled();
    },
  },
});

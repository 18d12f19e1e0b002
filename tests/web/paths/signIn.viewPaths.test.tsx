/**
 * The `signIn` chart's generated paths, replayed on the real sign-in page (/auth/login). POST
 * /api/auth/login waits for the path's done / error step; once it succeeds, the session says signed in.
 */
import '../support/matchers';
import { getChart } from '@machines';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { federateUrl, type SignInContext, type SignInField } from '@machines/signIn';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { json, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
// Single sign-on is a full page load of the server's /auth/federate (jsdom cannot navigate).
let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  globalThis.fetch = realFetch;
  assign.mockRestore();
});
const SSO = /^(Sign in with single sign-on|Going to single sign-on…)$/;

interface SignInView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  signIn: () => void;
}

const LOGIN = '/api/auth/login';
const LABELS: Record<SignInField, string> = { email: 'E-mail address', password: 'Password' };
const field = (name: SignInField) => screen.getByLabelText<HTMLInputElement>(LABELS[name]);
const context = (state: { context: unknown }) => state.context as SignInContext;

/** The fields as typed, each with its message or none, and the form's message (the alert region). */
function expectForm({ values, fieldErrors, formError }: SignInContext, locked: boolean) {
  for (const name of Object.keys(LABELS) as SignInField[]) {
    const input = field(name);
    expect(input.value).toBe(values[name]);
    const message = fieldErrors[name];
    if (message) {
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
    if (locked) expect(input).toHaveAttribute('readonly');
    else expect(input).not.toHaveAttribute('readonly');
  }
  if (formError) expect(screen.getByRole('alert')).toHaveTextContent(formError);
  else expect(screen.getByRole('alert')).toBeEmptyDOMElement();
}

describeViewPathTests<SignInView>({
  chart: getChart('signIn'),
  compareContext: ({ values, fieldErrors, formError, failureStatus, returnUrl }: SignInContext) => ({
    values,
    fieldErrors,
    formError,
    failureStatus,
    returnUrl,
  }),
  async render() {
    let signedIn = false;
    const server = heldServer({
      hold: (request) => request.path === LOGIN,
      answer: (request) => {
        if (request.path === '/api/auth/user')
          return json(signedIn ? SIGNED_IN_USER : { isAuthenticated: false });
        if (request.method === 'GET' && request.path.startsWith('/api/')) return json([], { total: 0 });
        if (request.path === '/api/events') return json({ received: true }, { status: 202 });
        return undefined;
      },
    });
    const { location } = renderApp('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    return { server, user: userEvent.setup({ delay: null }), location, signIn: () => (signedIn = true) };
  },
  events: {
    'field.change': ({ user }, { event }) =>
      replaceText(user, field(event.field as SignInField), event.value as string),
    'form.submit': ({ user }) => user.click(screen.getByRole('button', { name: /^(Sign in|Signing in…)$/ })),
    'sso.start': ({ user }) => user.click(screen.getByRole('button', { name: SSO })),
    'xstate.done.actor.signIn': (view, { event }) => {
      view.signIn();
      return view.server.respond(LOGIN, json(event.output));
    },
    'xstate.error.actor.signIn': ({ server }, { event }) => server.answerWith(LOGIN, { error: event.error }),
  },
  states: {
    editing: (_view, { state }) => {
      expectForm(context(state), false);
      expect(screen.getByRole('button', { name: 'Sign in' })).not.toBeDisabled();
      expect(screen.getByRole('button', { name: 'Sign in with single sign-on' })).not.toBeDisabled();
      expect(assign).not.toHaveBeenCalled();
    },
    federating: async (_view, { state }) => {
      // Off to the server's page, which hands the browser to the organization's identity provider.
      await waitFor(() => expect(assign).toHaveBeenCalledWith(federateUrl(context(state).values.email)));
      expect(federateUrl(context(state).values.email)).toBe('/auth/federate?domain=example.com');
      expect(screen.getByRole('button', { name: 'Going to single sign-on…' })).toBeDisabled();
      expectForm(context(state), true);
    },
    submitting: (_view, { state }) => {
      expectForm(context(state), true);
      expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    },
    failed: async (_view, { state, event }) => {
      await screen.findByRole('button', { name: 'Sign in' });
      const error = event.error as { status?: number; message?: string } | undefined;
      if (error) {
        expect(screen.getByRole('alert')).toHaveTextContent(
          typeof error.status === 'number' ? error.message! : NETWORK_ERROR_MESSAGE,
        );
      }
      expectForm(context(state), false);
    },
    succeeded: async ({ location }, { state }) => {
      // Signed in: on to the page asked for (the home page by default).
      await waitFor(() => expect(location()).toBe(context(state).returnUrl));
      await waitFor(() => expect(screen.queryByRole('button', { name: /^Sign/ })).not.toBeInTheDocument());
    },
  },
});

/**
 * The `signUp` chart's generated paths, replayed on the real sign-up page (/auth/signup). POST
 * /api/auth/signup waits for the path's done / error step; once it succeeds, the session says signed in.
 */
import '../support/matchers';
import { getChart } from '@machines';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import type { SignUpContext, SignUpField } from '@machines/signUp';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { json, SIGNED_IN_USER } from '../support/fakeApi';
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

interface SignUpView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  signIn: () => void;
}

const SIGNUP = '/api/auth/signup';
/** The labels a person reads (the names say “(optional)”). */
const LABELS: Record<SignUpField, RegExp> = {
  firstName: /^First name/,
  lastName: /^Last name/,
  email: /^E-mail address$/,
  password: /^Password$/,
};
const field = (name: SignUpField) => screen.getByLabelText<HTMLInputElement>(LABELS[name]);
const context = (state: { context: unknown }) => state.context as SignUpContext;

/** The fields as typed, each with its message or none, and the form's message (the alert region). */
function expectForm({ values, fieldErrors, formError }: SignUpContext, locked: boolean) {
  for (const name of Object.keys(LABELS) as SignUpField[]) {
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

describeViewPathTests<SignUpView>({
  chart: getChart('signUp'),
  compareContext: ({ values, fieldErrors, formError, failureStatus, returnUrl }: SignUpContext) => ({
    values,
    fieldErrors,
    formError,
    failureStatus,
    returnUrl,
  }),
  async render() {
    let signedIn = false;
    const server = heldServer({
      hold: (request) => request.path === SIGNUP,
      answer: (request) => {
        if (request.path === '/api/auth/user')
          return json(signedIn ? SIGNED_IN_USER : { isAuthenticated: false });
        if (request.method === 'GET' && request.path.startsWith('/api/')) return json([], { total: 0 });
        if (request.path === '/api/events') return json({ received: true }, { status: 202 });
        return undefined;
      },
    });
    const { location } = renderApp('/auth/signup');
    await screen.findByRole('button', { name: 'Create account' });
    return { server, user: userEvent.setup({ delay: null }), location, signIn: () => (signedIn = true) };
  },
  events: {
    'field.change': ({ user }, { event }) =>
      replaceText(user, field(event.field as SignUpField), event.value as string),
    'form.submit': ({ user }) =>
      user.click(screen.getByRole('button', { name: /^(Create account|Creating account…)$/ })),
    'xstate.done.actor.signUp': (view, { event }) => {
      view.signIn();
      return view.server.respond(SIGNUP, json(event.output));
    },
    'xstate.error.actor.signUp': ({ server }, { event }) => server.answerWith(SIGNUP, { error: event.error }),
  },
  states: {
    editing: (_view, { state }) => {
      expectForm(context(state), false);
      expect(screen.getByRole('button', { name: 'Create account' })).not.toBeDisabled();
    },
    submitting: (_view, { state }) => {
      expectForm(context(state), true);
      expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    },
    failed: async (_view, { state, event }) => {
      await screen.findByRole('button', { name: 'Create account' });
      const error = event.error as { status?: number; message?: string } | undefined;
      if (error && typeof error.status !== 'number') {
        expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      }
      expectForm(context(state), false);
    },
    succeeded: async ({ location }, { state }) => {
      // Signed up and signed in: on into the app.
      await waitFor(() => expect(location()).toBe(context(state).returnUrl));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: /^Create account/ })).not.toBeInTheDocument(),
      );
    },
  },
});

/**
 * The `invitationAcceptance` chart's generated paths, replayed on the real /auth/invitation/{token} page
 * over a fake API: the link's preview, sign-up, sign-in, sign-out and accept wait for the path's done /
 * error steps. The session's user is the chart's input (signed in as pat@flightplan.test); opening the app
 * once joined is the browser's full page load (`browser.assign`), recorded here.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { InvitationAcceptanceContext } from '@machines/invitationAcceptance';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
const assigned: string[] = [];
afterEach(() => {
  globalThis.fetch = realFetch;
  assigned.length = 0;
  vi.restoreAllMocks();
});

const chart = getChart('invitationAcceptance');
const input = chart.input as { token: string; signedInEmail: string };
const PREVIEW = `/api/invitations/${input.token}`;
const ACCEPT = `/api/invitations/${input.token}/accept`;
const SIGN_UP = '/api/auth/signup';
const SIGN_IN = '/api/auth/login';
const SIGN_OUT = '/api/auth/logout';
const HELD = new Set([PREVIEW, ACCEPT, SIGN_UP, SIGN_IN, SIGN_OUT]);

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const context = (step: ViewStep) => step.state.context as InvitationAcceptanceContext;
const LABELS = { firstName: /^First name/, lastName: /^Last name/, password: /^Password/ } as const;

async function seesFormMessages(step: ViewStep) {
  const { fieldErrors, formError } = context(step);
  for (const message of Object.values(fieldErrors))
    await waitFor(() => expect(screen.getByText(message as string)).toBeInTheDocument());
  if (formError) await waitFor(() => expect(screen.getByText(formError)).toBeInTheDocument());
}

const title = (name: string) =>
  waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(name));

describeViewPathTests<Page>({
  chart,
  clock: 'real',
  compareContext: (value: InvitationAcceptanceContext) => ({
    signedInEmail: value.signedInEmail,
    preview: value.preview,
    values: value.values,
    fieldErrors: value.fieldErrors,
    formError: value.formError,
  }),
  async render() {
    vi.spyOn(browser, 'assign').mockImplementation((url) => {
      assigned.push(url);
    });
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json({ ...SIGNED_IN_USER, email: input.signedInEmail });
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({ hold: (r) => HELD.has(r.path), fallback: globalThis.fetch });
    renderApp(`/auth/invitation/${input.token}`);
    await screen.findByRole('heading', { level: 1 });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadPreview': ({ server }, { event }) => server.respond(PREVIEW, json(event.output)),
    'xstate.error.actor.loadPreview': ({ server }, { event }) =>
      server.answerWith(PREVIEW, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'session.signOut': ({ user }) => user.click(screen.getByRole('button', { name: 'Sign out' })),
    'xstate.done.actor.signOut': ({ server }, { event }) => server.respond(SIGN_OUT, json(event.output)),
    'xstate.error.actor.signOut': ({ server }, { event }) =>
      server.answerWith(SIGN_OUT, { error: event.error }),
    'field.change': ({ user }, { event }) =>
      replaceText(
        user,
        screen.getByLabelText(LABELS[event.field as keyof typeof LABELS]) as HTMLInputElement,
        event.value as string,
      ),
    'form.submit': ({ user }) =>
      user.click(screen.getByRole('button', { name: /^(Create account and join|Sign in and join)$/ })),
    'xstate.done.actor.signUp': ({ server }, { event }) => server.respond(SIGN_UP, json(event.output)),
    'xstate.error.actor.signUp': ({ server }, { event }) =>
      server.answerWith(SIGN_UP, { error: event.error }),
    'xstate.done.actor.signIn': ({ server }, { event }) => server.respond(SIGN_IN, json(event.output)),
    'xstate.error.actor.signIn': ({ server }, { event }) =>
      server.answerWith(SIGN_IN, { error: event.error }),
    'invitation.join': ({ user }) => user.click(screen.getByRole('button', { name: 'Join Acme Media' })),
    'xstate.done.actor.accept': ({ server }, { event }) => server.respond(ACCEPT, json(event.output)),
    'xstate.error.actor.accept': ({ server }, { event }) => server.answerWith(ACCEPT, { error: event.error }),
  },
  states: {
    loading: async () => {
      await waitFor(() => expect(screen.getByText('Checking your invitation…')).toBeInTheDocument());
    },
    loadFailed: async (_page, step) => {
      await waitFor(() => expect(screen.getByText(context(step).loadError!)).toBeInTheDocument());
    },
    notFound: async () => {
      await title('Invitation not found');
      expect(
        screen.getByText(
          'This invitation link does not work. Check that it is complete, or ask for a new one.',
        ),
      ).toBeInTheDocument();
    },
    ended: async () => {
      await title('Your invitation to Acme Media');
      expect(
        screen.getByText('This invitation has expired. Ask whoever invited you to send a new one.'),
      ).toBeInTheDocument();
    },
    signingUp: async (_page, step) => {
      await title('Join Acme Media');
      expect(screen.getByText('Dana Demo invited you to join Acme Media as a Client.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Create account and join' })).not.toBeDisabled(),
      );
      expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('ana@client.example');
      await seesFormMessages(step);
    },
    creatingAccount: async () => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Creating your account…' })).toBeDisabled(),
      );
    },
    signingIn: async (_page, step) => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Sign in and join' })).not.toBeDisabled(),
      );
      expect(screen.queryByLabelText(LABELS.firstName)).toBeNull();
      await seesFormMessages(step);
    },
    authenticating: async () => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled());
    },
    joining: async (_page, step) => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Join Acme Media' })).not.toBeDisabled());
      await seesFormMessages(step);
    },
    wrongAddress: async (_page, step) => {
      await waitFor(() =>
        expect(
          screen.getByText(
            'This invitation is for ana@client.example. Sign out and sign in or sign up with that address to accept it.',
          ),
        ).toBeInTheDocument(),
      );
      await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).not.toBeDisabled());
      await seesFormMessages(step);
    },
    signingOut: async () => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled());
    },
    accepting: async () => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Joining…' })).toBeDisabled());
    },
    accepted: async () => {
      await waitFor(() => expect(assigned).toEqual(['/']));
    },
  },
});

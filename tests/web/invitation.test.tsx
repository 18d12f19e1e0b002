import './support/matchers';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

const TOKEN = 'invitation-token';
const pending = (hasAccount: boolean) => ({
  status: 'pending',
  email: 'ana@client.example',
  organizationName: 'Acme Media',
  role: 'client',
  invitedBy: 'Dana Demo',
  expiresAt: '2026-12-04T10:00:00.000Z',
  hasAccount,
});

/** The public preview, sign-up, sign-in, sign-out and accept, with whoever is signed in. */
function invitationServer(options: {
  preview: unknown;
  signedInAs?: string | null;
  answer?: (request: SeenRequest) => Response | undefined;
}) {
  let signedInAs = options.signedInAs ?? null;
  return stubFetch((request) => {
    const own = options.answer?.(request);
    if (own) return own;
    const { path, method } = request;
    if (path === '/api/auth/user')
      return json(signedInAs ? { ...SIGNED_IN_USER, email: signedInAs } : { isAuthenticated: false });
    if (path === '/api/events') return json({ success: true });
    if (path === `/api/invitations/${TOKEN}` && method === 'GET')
      return options.preview === null
        ? json({ message: 'No such invitation' }, { status: 404 })
        : json(options.preview);
    if (path === '/api/auth/signup' || path === '/api/auth/login') {
      signedInAs = (request.body as { email: string }).email;
      return json({ success: true });
    }
    if (path === '/api/auth/logout') {
      signedInAs = null;
      return json({ success: true });
    }
    if (path === `/api/invitations/${TOKEN}/accept`)
      return json({ organizationId: SIGNED_IN_USER.currentOrganization.id });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const page = `/auth/invitation/${TOKEN}`;

describe('the invitation page', () => {
  it('a new address signs up with the invited e-mail, joins, and the app opens at /', async () => {
    const server = invitationServer({ preview: pending(false) });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(page);
    expect(await screen.findByRole('heading', { name: 'Join Acme Media' })).toBeInTheDocument();
    expect(screen.getByText('Dana Demo invited you to join Acme Media as a Client.')).toBeInTheDocument();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('ana@client.example');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText(/First name/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByLabelText(/Last name/)).toHaveAccessibleDescription('Enter your last name');
    await user.type(screen.getByLabelText(/Last name/), 'Lopez');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters');
    await user.type(screen.getByLabelText('Password'), '-enough');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(server.seen.find((r) => r.path === '/api/auth/signup')?.body).toEqual({
      email: 'ana@client.example',
      password: 'short-enough',
      firstName: 'Ana',
      lastName: 'Lopez',
    });
    expect(server.seen.filter((r) => r.path === `/api/invitations/${TOKEN}/accept`)).toHaveLength(1);
  });

  it('an existing address signs in with its password; a refusal shows above the form', async () => {
    let refuse = true;
    invitationServer({
      preview: pending(true),
      answer: (request) => {
        if (request.path !== '/api/auth/login' || !refuse) return undefined;
        refuse = false;
        return json({ message: 'Wrong e-mail address or password' }, { status: 401 });
      },
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(page);
    await user.type(await screen.findByLabelText('Password'), 'wrong-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in and join' }));
    expect(await screen.findByText('Wrong e-mail address or password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in and join' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('signed in as the invited address: Join', async () => {
    invitationServer({ preview: pending(true), signedInAs: 'ana@client.example' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(page);
    await user.click(await screen.findByRole('button', { name: 'Join Acme Media' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('signed in as another address: the refusal, and Sign out leads to the sign-in form', async () => {
    const server = invitationServer({ preview: pending(true), signedInAs: 'pat@flightplan.test' });
    const user = userEvent.setup();
    renderApp(page);
    expect(
      await screen.findByText(
        'This invitation is for ana@client.example. Sign out and sign in or sign up with that address to accept it.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in and join' })).toBeInTheDocument();
    expect(server.seen.filter((r) => r.path === '/api/auth/logout')).toHaveLength(1);
  });

  it.each([
    ['expired', 'This invitation has expired. Ask whoever invited you to send a new one.'],
    ['revoked', 'This invitation was withdrawn. Ask whoever invited you if you still need access.'],
    ['used', 'This invitation has already been used. Sign in to continue.'],
  ])('a link that was %s says so', async (status, message) => {
    invitationServer({ preview: { status, organizationName: 'Acme Media' } });
    renderApp(page);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('an unknown link says so', async () => {
    invitationServer({ preview: null });
    renderApp(page);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
  });
});

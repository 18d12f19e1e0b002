import './support/matchers';
import { SSO_ERRORS } from '@contract/sso';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A server where the demo user signs in with "flightplan-demo"; every signed-in call answers plausibly. */
function fakeServer(options: { loginStatus?: number; loginBody?: unknown } = {}) {
  let signedIn = false;
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/login') {
      if (options.loginStatus) return json(options.loginBody, { status: options.loginStatus });
      signedIn = true;
      return json({ success: true });
    }
    if (request.path === '/api/auth/user')
      return json(signedIn ? SIGNED_IN_USER : { isAuthenticated: false });
    if (request.path === '/api/platforms') return json([], { total: 0 });
    if (request.path === '/api/campaigns') return json([], { total: 0 });
    return json({ message: `No route for ${request.method} ${request.path}` }, { status: 404 });
  });
}

const loginRequests = (seen: SeenRequest[]) => seen.filter((r) => r.path === '/api/auth/login');

describe('sign-in page', () => {
  it('shows what is wrong under each field and sends nothing', async () => {
    const { seen } = fakeServer();
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail address');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your e-mail address');
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(email).toHaveFocus();
    expect(loginRequests(seen)).toHaveLength(0);

    await user.type(email, 'dana@example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');

    // Editing a field hides its message.
    await user.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Enter your password')).not.toBeInTheDocument();
  });

  it('shows the server’s message in the alert region', async () => {
    const { seen } = fakeServer({
      loginStatus: 401,
      loginBody: {
        message: 'The e-mail address or password is not correct.',
        errorCode: 'INVALID_CREDENTIALS',
      },
    });
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'demo@flightplan.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The e-mail address or password is not correct.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The e-mail address or password is not correct.');
    expect(loginRequests(seen)).toHaveLength(1);
    expect(loginRequests(seen)[0]!.body).toEqual({
      email: 'demo@flightplan.test',
      password: 'wrong password',
    });
    // Editing a field hides the message.
    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says so when the server cannot be reached', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'demo@flightplan.test');
    await user.type(screen.getByLabelText('Password'), 'flightplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('goes on to returnUrl after signing in (domain and deviceId are accepted and ignored)', async () => {
    const { seen } = fakeServer();
    const user = userEvent.setup();
    const { location } = renderApp(
      `/auth/login?returnUrl=${encodeURIComponent('/campaigns?page=2')}&domain=app.example.com&deviceId=dev-123`,
    );
    await user.type(await screen.findByLabelText('E-mail address'), 'Demo@Flightplan.test ');
    await user.type(screen.getByLabelText('Password'), 'flightplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location()).toBe('/campaigns?page=2'));
    expect(await screen.findByRole('heading', { name: /Campaigns/ })).toBeInTheDocument();
    expect(loginRequests(seen)[0]!.body).toEqual({
      email: 'Demo@Flightplan.test',
      password: 'flightplan-demo',
    });
  });

  it('never follows a returnUrl to another site', async () => {
    fakeServer();
    const user = userEvent.setup();
    const { location } = renderApp(`/auth/login?returnUrl=${encodeURIComponent('//evil.example/phish')}`);
    await user.type(await screen.findByLabelText('E-mail address'), 'demo@flightplan.test');
    await user.type(screen.getByLabelText('Password'), 'flightplan-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // "/" instead: the dashboard.
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('links to sign-up, keeping returnUrl', async () => {
    fakeServer();
    renderApp(`/auth/login?returnUrl=${encodeURIComponent('/campaigns')}`);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/signup?returnUrl=%2Fcampaigns',
    );
  });
});

describe('single sign-on on the sign-in page', () => {
  it('asks for the e-mail address, then goes to the server page that starts single sign-on', async () => {
    fakeServer();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    try {
      const user = userEvent.setup();
      renderApp('/auth/login');
      await user.click(await screen.findByRole('button', { name: 'Sign in with single sign-on' }));
      const email = screen.getByLabelText('E-mail address');
      expect(email).toHaveAccessibleDescription('Enter your e-mail address');
      expect(email).toHaveFocus();
      expect(assign).not.toHaveBeenCalled();
      await user.type(email, 'Ada@Demo-IdP.test');
      await user.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
      expect(assign).toHaveBeenCalledWith('/auth/federate?domain=demo-idp.test');
      expect(screen.getByRole('button', { name: 'Going to single sign-on…' })).toBeDisabled();
    } finally {
      assign.mockRestore();
    }
  });

  it('says why single sign-on was refused', async () => {
    fakeServer();
    renderApp('/auth/login?ssoError=STATE_USED');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_ERRORS.STATE_USED);
  });
});

describe('signed-out visits', () => {
  it('are sent to sign in with the page they asked for as returnUrl', async () => {
    fakeServer();
    const { location } = renderApp('/campaigns?page=3&sort=name&order=desc');
    // With the domain and the device id (the __as_aid cookie) for the login flow.
    await waitFor(() => expect(location()).toMatch(/^\/auth\/login\?/));
    const query = new URL(location(), 'http://x').searchParams;
    expect(query.get('returnUrl')).toBe('/campaigns?page=3&sort=name&order=desc');
    expect(query.get('domain')).toBe(window.location.host);
    expect(query.get('deviceId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('sign-up page', () => {
  it('checks the fields, then creates the account and goes on', async () => {
    const { seen } = stubFetch((request) => {
      if (request.path === '/api/auth/signup') return json({ success: true }, { status: 201 });
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      return json([], { total: 0 });
    });
    const user = userEvent.setup();
    const { location } = renderApp('/auth/signup');
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters');
    expect(seen.filter((r) => r.path === '/api/auth/signup')).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), ' and longer');
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(seen.find((r) => r.path === '/api/auth/signup')!.body).toEqual({
      email: 'ada@example.com',
      password: 'short and longer',
      firstName: 'Ada',
      lastName: '',
    });
  });

  it('flags an e-mail address that already has an account next to the field', async () => {
    stubFetch(() =>
      json(
        {
          message: 'An account with this e-mail address already exists.',
          validationErrors: { email: { message: 'An account with this e-mail address already exists.' } },
        },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    renderApp('/auth/signup');
    await user.type(await screen.findByLabelText('E-mail address'), 'demo@flightplan.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
        'An account with this e-mail address already exists.',
      ),
    );
  });
});

describe('sign out', () => {
  it('signs out, then shows the sign-in page', async () => {
    const { seen } = stubFetch((request) => {
      if (request.path === '/api/auth/logout') return json({ success: true });
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      return json([], { total: 0 });
    });
    const user = userEvent.setup();
    const { location } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    expect(await screen.findByText('demo@flightplan.test')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(seen.filter((r) => r.path === '/api/auth/logout' && r.method === 'POST')).toHaveLength(1);
  });
});

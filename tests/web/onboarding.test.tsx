import './support/matchers';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

/** A signed-up user who has not set up a workspace yet. */
const newUser = {
  requiresOnboarding: true,
  organizations: [],
  accounts: [],
  currentOrganizationId: null,
  currentAccountId: null,
  firstName: 'Ada',
  lastName: '',
};

describe('onboarding page', () => {
  it('takes a new user there, checks every field and sets up the workspace', async () => {
    const server = settingsServer(newUser);
    const user = userEvent.setup();
    const { location } = renderApp('/campaigns');

    expect(await screen.findByRole('heading', { name: 'Set up your workspace' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding');
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('value', 'Ada');

    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(firstName).toHaveAccessibleDescription('Enter your first name');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
    expect(screen.getByLabelText('Organization name')).toHaveAccessibleDescription(
      'Enter a name for your organization',
    );
    expect(screen.getByLabelText('First account (client) name')).toHaveAccessibleDescription(
      'Enter a name for your first account',
    );
    expect(firstName).toHaveFocus();
    expect(server.callsTo('/api/onboarding')).toHaveLength(0);

    await user.type(firstName, 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organization name'), '  Northwind Media ');
    await user.type(screen.getByLabelText('First account (client) name'), 'Acme Shoes');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(server.callsTo('/api/onboarding', 'POST').map((c) => c.json)).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        organizationName: 'Northwind Media',
        accountName: 'Acme Shoes',
      },
    ]);
  });

  it('shows the server’s field messages under the fields', async () => {
    settingsServer(newUser, (call) =>
      call.path === '/api/onboarding'
        ? jsonResponse(
            {
              message: 'Invalid request',
              validationErrors: { accountName: { message: 'Remove the control characters' } },
            },
            { status: 400 },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/onboarding');
    await user.type(await screen.findByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organization name'), 'Northwind');
    await user.type(screen.getByLabelText('First account (client) name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('First account (client) name')).toHaveAccessibleDescription(
        'Remove the control characters',
      ),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in', async () => {
    settingsServer({ signedIn: false });
    renderApp('/onboarding');
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/auth/login?returnUrl=%2Fonboarding');
  });

  it('sends a user who already has a workspace on into the app', async () => {
    settingsServer();
    const { location } = renderApp('/onboarding');
    await waitFor(() => expect(location()).not.toBe('/onboarding'));
    expect(screen.queryByRole('heading', { name: 'Set up your workspace' })).not.toBeInTheDocument();
  });
});

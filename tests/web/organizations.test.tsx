import './support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, organization, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const OTHER = organization({
  id: '00000000-0000-4000-8000-000000000077',
  name: 'Globex Partners',
  planCode: 'agency',
});

describe('organizations page', () => {
  it('lists the user’s organizations with their plan, the current one marked, and switch links', async () => {
    const server = settingsServer();
    server.state.organizations.push(OTHER);
    renderApp('/organizations');

    const list = await screen.findByRole('list', { name: 'Organizations' });
    // Each row fills in as its data arrives; on a busy machine the list can show before its rows do.
    await within(list).findByText('Globex Partners', {}, { timeout: 15_000 });
    await within(list).findByText('Demo Agency', {}, { timeout: 15_000 });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Demo Agency');
    expect(current).toHaveTextContent('Trial');
    expect(current).toHaveTextContent('Current');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(current!).queryByRole('link')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Globex Partners');
    expect(other).toHaveTextContent('Agency');
    expect(other).not.toHaveTextContent('Current');
    const host = window.location.host;
    expect(within(other!).getByRole('link', { name: 'Switch to Globex Partners' })).toHaveAttribute(
      'href',
      `/organization/switch?id=${OTHER.id}&returnUrl=%2F&domain=${encodeURIComponent(host)}`,
    );
  });

  it('creates an organization in a dialog, then offers to switch to it', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    const { location } = renderApp('/organizations');
    await screen.findByRole('list', { name: 'Organizations' });

    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(location()).toBe('/organizations?modal=create-organization');
    const dialog = await screen.findByRole('dialog', { name: 'Create organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByLabelText('Organization name');
    expect(name).toHaveAccessibleDescription('Enter an organization name');
    expect(server.callsTo('/api/organizations', 'POST')).toHaveLength(0);

    await user.type(name, ' Northwind Media ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Northwind Media is ready')).toBeInTheDocument();
    expect(server.callsTo('/api/organizations', 'POST').map((c) => c.json)).toEqual([
      { name: 'Northwind Media' },
    ]);
    const created = server.state.organizations.at(-1)!;
    expect(within(dialog).getByRole('link', { name: 'Switch to Northwind Media' })).toHaveAttribute(
      'href',
      `/organization/switch?id=${created.id}&returnUrl=%2F&domain=${encodeURIComponent(window.location.host)}`,
    );
    // The list behind the dialog already shows it.
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Organizations', hidden: true })).toHaveTextContent(
        'Northwind Media',
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(location()).toBe('/organizations'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the dialog', async () => {
    settingsServer({}, (call) =>
      call.path === '/api/organizations' && call.method === 'POST'
        ? jsonResponse(
            { message: 'Invalid', validationErrors: { name: { message: 'Remove the control characters' } } },
            { status: 400 },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/organizations?modal=create-organization');
    const dialog = await screen.findByRole('dialog', { name: 'Create organization' });
    await user.type(within(dialog).getByLabelText('Organization name'), 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Organization name')).toHaveAccessibleDescription(
        'Remove the control characters',
      ),
    );
  });

  it('says the list could not be loaded and retries', async () => {
    let fail = true;
    settingsServer({}, (call) => {
      if (call.path !== '/api/organizations' || !fail) return undefined;
      fail = false;
      return jsonResponse({ message: 'Sorry, something went wrong.' }, { status: 500 });
    });
    const user = userEvent.setup();
    renderApp('/organizations');
    expect(await screen.findByText('The organizations could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Organizations' })).toHaveTextContent('Demo Agency');
  });

  it('asks a signed-out visitor to sign in', async () => {
    settingsServer({ signedIn: false });
    renderApp('/organizations');
    expect(await screen.findByText('You are signed out')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sign in required' })).getByRole('link', { name: 'Sign in' }),
    ).toHaveAttribute('href', '/auth/login?returnUrl=%2Forganizations');
  });
});

import './support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { account, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SECOND = account({ id: '00000000-0000-4000-8000-000000000088', name: 'Globex' });

describe('accounts page', () => {
  it('lists the organization’s accounts, the current one marked, with open links', async () => {
    const server = settingsServer();
    server.state.accounts.push(SECOND);
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Accounts' });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Acme Shoes');
    expect(current).toHaveTextContent('Current');
    expect(other).toHaveTextContent('Globex');
    expect(within(other!).getByRole('link', { name: 'Open Globex' })).toHaveAttribute(
      'href',
      `/account/switch?id=${SECOND.id}&returnUrl=%2F`,
    );
    expect(screen.queryByText('Choose an account to work in')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
  });

  it('asks a user without a current account to choose one', async () => {
    const server = settingsServer({ currentAccountId: null });
    server.state.accounts.push(SECOND);
    renderApp('/accounts');
    expect(await screen.findByText('Choose an account to work in')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Accounts' });
    expect(within(list).queryByText('Current')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });

  it('creates an account and offers to open it', async () => {
    const server = settingsServer({ currentAccountId: null, accounts: [] });
    const user = userEvent.setup();
    renderApp('/accounts');
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    // The empty state's button opens the same dialog as the header's.
    await user.click(screen.getAllByRole('button', { name: 'Create account' }).at(-1)!);
    const dialog = await screen.findByRole('dialog', { name: 'Create account' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('Account name')).toHaveAccessibleDescription(
      'Enter an account name',
    );
    await user.type(within(dialog).getByLabelText('Account name'), 'Globex');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Globex is ready')).toBeInTheDocument();
    expect(server.callsTo('/api/accounts', 'POST').map((c) => c.json)).toEqual([{ name: 'Globex' }]);
    const created = server.state.accounts.at(-1)!;
    expect(within(dialog).getByRole('link', { name: 'Open Globex' })).toHaveAttribute(
      'href',
      `/account/switch?id=${created.id}&returnUrl=%2F`,
    );
    await waitFor(() => expect(screen.queryByText('No accounts yet')).not.toBeInTheDocument());
  });
});

import './support/matchers';
import { browser } from '@src/lib/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

describe('the account switcher', () => {
  it('lists the accounts and switches through /account/switch, back to the same page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const bluebird = { ...SIGNED_IN_USER.currentAccount, id: 'acc-2', name: 'Bluebird' };
    const { seen } = stubFetch((request) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/accounts')
        return json([SIGNED_IN_USER.currentAccount, bluebird], { total: 2 });
      return json([], { total: 0 });
    });
    const user = userEvent.setup();
    renderApp('/budgets?page=2');
    await user.click(await screen.findByRole('button', { name: 'Account: Acme Shoes' }));
    expect(await screen.findByRole('menuitem', { name: /^Acme Shoes\s*\(current\)$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Bluebird' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        `/account/switch?id=acc-2&returnUrl=${encodeURIComponent('/budgets?page=2')}`,
      ),
    );
    expect(seen.some((r) => r.path === '/api/accounts')).toBe(true);
  });
});

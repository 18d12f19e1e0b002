import './support/matchers';
import type { Customer } from '@contract/resources';
import { toaster } from '@src/ui/toaster';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  toaster.remove();
});

const NORTHWIND: Customer = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: 'Northwind',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};
const NEW_ID = '00000000-0000-4000-8000-0000000000c9';

type Answer = (request: SeenRequest) => Response | undefined;

/** /api/customers over an in-memory list: list, getOne, POST, PATCH (with `answer` first). */
function fakeServer(answer: Answer = () => undefined) {
  let customers: Customer[] = [NORTHWIND];
  return stubFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/customers' && request.method === 'GET') {
      return json(customers, { total: customers.length });
    }
    if (request.path === '/api/customers' && request.method === 'POST') {
      const created = { ...NORTHWIND, id: NEW_ID, ...(request.body as { name: string }) };
      customers = [...customers, created];
      return json(created, { status: 201 });
    }
    const one = /^\/api\/customers\/(.+)$/.exec(request.path);
    const found = customers.find((c) => c.id === one?.[1]);
    if (one && !found) return json({ message: 'Customer not found' }, { status: 404 });
    if (found && request.method === 'GET') return json(found);
    if (found && request.method === 'PATCH') {
      const updated = { ...found, ...(request.body as { name: string }) };
      customers = customers.map((c) => (c.id === found.id ? updated : c));
      return json(updated);
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const listRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/api/customers' && r.method === 'GET').length;
const writes = (seen: SeenRequest[]) =>
  seen
    .filter((r) => (r.method === 'POST' || r.method === 'PATCH') && r.path.startsWith('/api/customers'))
    .map((r) => ({ method: r.method, path: r.path, body: r.body }));

async function openCustomers(path = '/customers', answer?: Answer) {
  const server = fakeServer(answer);
  const app = renderApp(path);
  await screen.findByText(/^Showing /);
  return { ...server, ...app };
}

const tableNames = () =>
  within(screen.getByRole('table', { name: 'Customers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (within(row).getAllByRole('cell')[0]?.textContent ?? '').trim());

describe('create customer', () => {
  it('opens from the button (?modal=create-customer), allows an empty name, toasts and refreshes once', async () => {
    const user = userEvent.setup();
    const { seen, location, router } = await openCustomers('/customers?sort=name&order=asc');
    await user.click(screen.getByRole('link', { name: 'Create customer' }));
    expect(location()).toBe('/customers?sort=name&order=asc&modal=create-customer');
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    const field = within(dialog).getByLabelText('Customer name');
    expect(field).toHaveAccessibleDescription('You can leave it empty and name the customer later.');
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));

    expect(await screen.findByRole('status', { name: 'Customer created.' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe('/customers?sort=name&order=asc'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(writes(seen)).toEqual([{ method: 'POST', path: '/api/customers', body: { name: '' } }]);
    await waitFor(() => expect(tableNames()).toEqual(['Northwind', 'Unnamed customer']));
    expect(listRequests(seen)).toBe(2);
  });

  it('trims the name, checks its length first, and shows the server’s refusal under the field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { seen } = await openCustomers('/customers?modal=create-customer', (request) => {
      if (request.method !== 'POST' || request.path !== '/api/customers' || !refuse) return undefined;
      refuse = false;
      return json(
        {
          message: 'name: Use at most 200 characters',
          validationErrors: { name: { message: 'Not that name.' } },
        },
        { status: 400 },
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    const field = within(dialog).getByLabelText('Customer name');
    await user.click(field);
    await user.paste('x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Use at most 200 characters');
    expect(writes(seen)).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Contoso  ');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(await within(dialog).findByText('Not that name.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Not that name.');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByRole('status', { name: 'Customer created.' })).toBeInTheDocument();
    expect(writes(seen).map((w) => w.body)).toEqual([{ name: 'Contoso' }, { name: 'Contoso' }]);
    await waitFor(() => expect(tableNames()).toContain('Contoso'));
  });

  it('Cancel removes the parameter and sends nothing', async () => {
    const user = userEvent.setup();
    const { seen, location } = await openCustomers('/customers?modal=create-customer');
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/customers');
    expect(writes(seen)).toEqual([]);
    expect(listRequests(seen)).toBe(1);
  });
});

describe('rename customer', () => {
  it('opens from the row (?renameCustomer=true&customerId=…), prefilled; saves, toasts and refreshes once', async () => {
    const user = userEvent.setup();
    const { seen, location } = await openCustomers();
    await user.click(screen.getByRole('link', { name: 'Rename Northwind' }));
    expect(location()).toBe(`/customers?renameCustomer=true&customerId=${NORTHWIND.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Rename customer' });
    const field = await within(dialog).findByLabelText('Customer name');
    expect(field).toHaveAttribute('value', 'Northwind');
    expect(listRequests(seen)).toBe(1);

    await user.clear(field);
    await user.type(field, ' Northwind Traders ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Customer renamed.' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/customers'));
    expect(writes(seen)).toEqual([
      { method: 'PATCH', path: `/api/customers/${NORTHWIND.id}`, body: { name: 'Northwind Traders' } },
    ]);
    await waitFor(() => expect(tableNames()).toEqual(['Northwind Traders']));
    expect(listRequests(seen)).toBe(2);
  });

  it('says when the customer does not exist, with Cancel only', async () => {
    const user = userEvent.setup();
    const { location } = await openCustomers(
      '/customers?renameCustomer=true&customerId=00000000-0000-4000-8000-000000000404',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename customer' });
    expect(await within(dialog).findByText("Sorry, we couldn't find that customer.")).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/customers'));
  });
});

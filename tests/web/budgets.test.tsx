import './support/matchers';
import type { BudgetDrawdown } from '@contract/planning';
import type { Budget } from '@contract/resources';
import { resetPlatformNames } from '@src/api/referenceData';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const BUDGET: Budget = {
  id: '00000000-0000-4000-8000-0000000000b1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  customerId: CUSTOMER.id,
  name: 'Q1 brand',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  amountMinor: 1_000_000,
  currency: 'EUR',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const NEW_ID = '00000000-0000-4000-8000-0000000000b2';
const CAMPAIGN_ID = '00000000-0000-4000-8000-00000000ca01';
const OVER_ID = '00000000-0000-4000-8000-00000000ca02';

const drawdown = (overrides: Partial<BudgetDrawdown> = {}): BudgetDrawdown => ({
  budget: {
    id: BUDGET.id,
    name: BUDGET.name,
    customerId: BUDGET.customerId,
    periodStart: BUDGET.periodStart,
    periodEnd: BUDGET.periodEnd,
    amountMinor: BUDGET.amountMinor,
    currency: BUDGET.currency,
  },
  committedMinor: 750_000,
  remainingMinor: 250_000,
  campaigns: [
    {
      id: CAMPAIGN_ID,
      name: 'Spring Launch',
      status: 'active',
      planMinor: 750_000,
      committedMinor: 750_000,
      overBudgetConfirmedAt: null,
    },
  ],
  bookings: [
    {
      id: '00000000-0000-4000-8000-0000000b0001',
      name: 'Spring Launch · Meta · flight 1',
      campaignId: CAMPAIGN_ID,
      platformKey: 'meta',
      status: 'confirmed',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      amountMinor: 750_000,
    },
  ],
  ...overrides,
});

function serve(options: { drawdown?: () => Response; create?: (request: SeenRequest) => Response } = {}) {
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/events') return json({});
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    if (request.path === `/api/customers/${CUSTOMER.id}`) return json(CUSTOMER);
    if (request.path === '/api/budgets' && request.method === 'POST')
      return (
        options.create?.(request) ??
        json({ ...BUDGET, ...(request.body as object), id: NEW_ID }, { status: 201 })
      );
    if (request.path === '/api/budgets') return json([BUDGET], { total: 1 });
    if (request.path === `/api/budgets/${BUDGET.id}`) return json(BUDGET);
    if (request.path === `/api/budgets/${NEW_ID}`)
      return json({ ...BUDGET, id: NEW_ID, name: 'Q3 performance' });
    if (
      request.path === `/api/budgets/${BUDGET.id}/drawdown` ||
      request.path === `/api/budgets/${NEW_ID}/drawdown`
    )
      return options.drawdown?.() ?? json(drawdown());
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('budgets list', () => {
  it('names each budget’s customer and offers Create budget', async () => {
    serve();
    renderApp('/budgets');
    await screen.findByText(/^Showing /);
    const row = within(screen.getByRole('table', { name: 'Budgets' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create budget' })).toHaveAttribute('href', '/budgets/new');
  });
});

describe('create budget (/budgets/new)', () => {
  it('checks the fields as the edit form does and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    const { seen } = serve();
    renderApp('/budgets/new');
    const form = await screen.findByRole('region', { name: 'New budget' });
    await user.click(within(form).getByRole('button', { name: 'Create budget' }));
    expect(within(form).getByText('Enter a budget name')).toBeInTheDocument();
    expect(within(form).getByText('Choose the first day')).toBeInTheDocument();
    expect(seen.some((r) => r.path === '/api/budgets' && r.method === 'POST')).toBe(false);
  });

  it('creates the budget for the chosen customer and opens it', async () => {
    const user = userEvent.setup();
    const { seen } = serve();
    const { location } = renderApp('/budgets/new');
    const form = await screen.findByRole('region', { name: 'New budget' });
    await user.type(within(form).getByLabelText('Name'), 'Q3 performance');
    await user.selectOptions(within(form).getByLabelText('Customer'), CUSTOMER.id);
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-07-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-09-30' } });
    await user.type(within(form).getByLabelText('Amount'), '40000');
    await user.click(within(form).getByRole('button', { name: 'Create budget' }));
    await waitFor(() => expect(location()).toBe(`/budgets/${NEW_ID}`));
    expect(seen.find((r) => r.path === '/api/budgets' && r.method === 'POST')?.body).toEqual({
      name: 'Q3 performance',
      customerId: CUSTOMER.id,
      periodStart: '2026-07-01',
      periodEnd: '2026-09-30',
      amountMinor: 4_000_000,
      currency: 'EUR',
    });
  });

  it('shows the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    serve({
      create: () =>
        json(
          {
            message: 'customerId: That customer does not exist',
            validationErrors: { customerId: { message: 'That customer does not exist' } },
          },
          { status: 400 },
        ),
    });
    const { location } = renderApp(`/budgets/new?customer=${CUSTOMER.id}`);
    const form = await screen.findByRole('region', { name: 'New budget' });
    expect((within(form).getByLabelText('Customer') as HTMLSelectElement).value).toBe(CUSTOMER.id);
    await user.type(within(form).getByLabelText('Name'), 'Q3');
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-07-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-09-30' } });
    await user.type(within(form).getByLabelText('Amount'), '100');
    await user.click(within(form).getByRole('button', { name: 'Create budget' }));
    expect(await within(form).findByText('That customer does not exist')).toBeInTheDocument();
    expect(location()).toBe(`/budgets/new?customer=${CUSTOMER.id}`);
  });
});

describe('budget page drawdown', () => {
  it('shows committed of amount, what remains, the campaigns and the bookings drawing on it', async () => {
    serve();
    renderApp(`/budgets/${BUDGET.id}`);
    const card = await screen.findByRole('region', { name: 'Committed' });
    expect(within(card).getByText('€7,500 committed of €10,000')).toBeInTheDocument();
    expect(within(card).getByText('€2,500 remaining')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Spring Launch' })).toHaveAttribute(
      'href',
      `/campaigns/${CAMPAIGN_ID}`,
    );
    expect(within(card).queryByText('Planned over budget')).not.toBeInTheDocument();
    const bookings = within(card).getByRole('table', { name: 'Bookings' });
    expect(within(bookings).getByText('Meta')).toBeInTheDocument();
    expect(within(bookings).getByText('confirmed')).toBeInTheDocument();
    expect(within(bookings).getByRole('link', { name: 'Spring Launch · Meta · flight 1' })).toHaveAttribute(
      'href',
      '/bookings/00000000-0000-4000-8000-0000000b0001',
    );
    expect(screen.getByRole('link', { name: 'Edit budget' })).toHaveAttribute(
      'href',
      `/budgets/${BUDGET.id}/edit`,
    );
  });

  it('says plainly when the budget is over, and marks a campaign planned over budget', async () => {
    serve({
      drawdown: () =>
        json(
          drawdown({
            committedMinor: 1_200_000,
            remainingMinor: -200_000,
            campaigns: [
              {
                id: OVER_ID,
                name: 'Big Push',
                status: 'draft',
                planMinor: 1_200_000,
                committedMinor: 1_200_000,
                overBudgetConfirmedAt: '2026-02-10T09:30:00.000Z',
              },
            ],
            bookings: [],
          }),
        ),
    });
    renderApp(`/budgets/${BUDGET.id}`);
    const card = await screen.findByRole('region', { name: 'Committed' });
    expect(within(card).getByText('€12,000 committed of €10,000')).toBeInTheDocument();
    expect(within(card).getByText('€2,000 over budget')).toBeInTheDocument();
    expect(within(card).getByText('Planned over budget')).toBeInTheDocument();
    expect(within(card).getByText(/No bookings yet/)).toBeInTheDocument();
  });

  it('still shows the budget when the drawdown cannot be loaded, with Try again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    serve({
      drawdown: () => {
        if (failures-- > 0) return json({ message: 'Sorry, something went wrong.' }, { status: 500 });
        return json(drawdown());
      },
    });
    renderApp(`/budgets/${BUDGET.id}`);
    expect(
      await screen.findByText('What is committed on this budget could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Budget details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('€7,500 committed of €10,000')).toBeInTheDocument();
  });
});

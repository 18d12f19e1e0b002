import './support/matchers';
import type { DashboardSpend } from '@contract/pacing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SPEND: DashboardSpend = {
  month: { start: '2026-06-01', end: '2026-06-30', today: '2026-06-11' },
  currencies: [
    { currency: 'EUR', spentMinor: 107_000, plannedMinor: 210_000, plannedToDateMinor: 90_000 },
    { currency: 'USD', spentMinor: 50_000, plannedMinor: 105_000, plannedToDateMinor: 40_000 },
  ],
  offPace: [
    {
      id: '00000000-0000-4000-8000-0000000000b2',
      name: 'Idle June',
      currency: 'EUR',
      amountMinor: 30_000,
      spentMinor: 0,
      idealToDateMinor: 10_000,
      ratio: 0,
      status: 'underpacing',
    },
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'June brand',
      currency: 'EUR',
      amountMinor: 300_000,
      spentMinor: 100_000,
      idealToDateMinor: 100_000,
      ratio: 1,
      status: 'on_track',
    },
  ],
};

function serve(spend: () => Response) {
  stubFetch((request) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/dashboard/spend') return spend();
    return json([], { total: 0 });
  });
}

describe('dashboard spend', () => {
  it('shows this month’s spend against plan per currency, and the budgets furthest off pace with links', async () => {
    serve(() => json(SPEND));
    renderApp('/');
    const month = await screen.findByRole('list', { name: 'Spend in June 2026 by currency' });
    expect(
      within(month)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '€1,070 spent of €2,100 planned in June 2026 (€900 planned to date)',
      '$500 spent of $1,050 planned in June 2026 ($400 planned to date)',
    ]);
    const offPace = screen.getByRole('list', { name: 'Budgets furthest off pace' });
    const items = within(offPace).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Idle June' })).toHaveAttribute(
      'href',
      '/budgets/00000000-0000-4000-8000-0000000000b2',
    );
    expect(items[0]).toHaveTextContent('€0 spent against €100 booked to date (0 %)');
    expect(within(items[0]!).getByText('Underpacing')).toBeInTheDocument();
    expect(within(items[1]!).getByText('On track')).toBeInTheDocument();
  });

  it('keeps the rest of the dashboard when the spend cannot be loaded', async () => {
    serve(() => json({ message: 'Sorry, something went wrong.' }, { status: 500 }));
    renderApp('/');
    expect(await screen.findByText('This month’s spend could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Budget pacing could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Campaigns' })).toBeInTheDocument();
  });

  it('says when nothing is planned or spent this month', async () => {
    serve(() => json({ ...SPEND, currencies: [], offPace: [] }));
    renderApp('/');
    expect(await screen.findByText('Nothing planned or spent in June 2026.')).toBeInTheDocument();
    expect(screen.getByText(/No budget in progress is off pace/)).toBeInTheDocument();
  });
});

import './support/matchers';
import type { Booking } from '@contract/resources';
import { resetPlatformNames } from '@src/api/referenceData';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SPRING = campaign({ name: 'Spring Launch' });
const SUMMER = campaign({ name: 'Summer Sale' });
const CAMPAIGNS = [SPRING, SUMMER];

const booking = (n: number, overrides: Partial<Booking>): Booking => ({
  id: `00000000-0000-4000-8000-0000000b${String(n).padStart(4, '0')}`,
  accountId: SIGNED_IN_USER.currentAccount.id,
  campaignId: SPRING.id,
  platformKey: 'meta',
  name: `Booking ${n}`,
  status: 'tentative',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  amountMinor: 100_000,
  currency: 'EUR',
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  ...overrides,
});

const BOOKINGS: Booking[] = [
  booking(1, { name: 'Spring Launch · Meta · flight 1', status: 'completed' }),
  booking(2, {
    name: 'Spring Launch · Google Ads · flight 1',
    platformKey: 'google',
    status: 'confirmed',
    startDate: '2026-04-01',
    endDate: '2026-04-30',
  }),
  booking(3, {
    name: 'Summer Sale · Meta · flight 1',
    campaignId: SUMMER.id,
    status: 'cancelled',
    startDate: '2026-06-01',
    endDate: '2026-06-30',
  }),
];

/** A json-server-like /api/bookings over `rows`: status, platformKey, campaignId, endDate_gte, startDate_lte. */
function fakeServer(rows: readonly Booking[] = BOOKINGS) {
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/events') return json({});
    if (request.path === '/api/campaigns') {
      const ids = request.search.getAll('id');
      const found = ids.length ? CAMPAIGNS.filter((c) => ids.includes(c.id)) : CAMPAIGNS;
      return json(found, { total: found.length });
    }
    if (request.path === '/api/bookings') {
      const q = request.search;
      let found = [...rows];
      for (const field of ['status', 'platformKey', 'campaignId'] as const) {
        const value = q.get(field);
        if (value) found = found.filter((b) => b[field] === value);
      }
      const from = q.get('endDate_gte');
      if (from) found = found.filter((b) => b.endDate >= from);
      const to = q.get('startDate_lte');
      if (to) found = found.filter((b) => b.startDate <= to);
      return json(found, { total: found.length });
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const bookingRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/api/bookings').map((r) => r.search.toString());

function tableRows() {
  const table = screen.getByRole('table', { name: 'Bookings' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
}

const trigger = (name: string) => screen.getByRole('combobox', { name });

describe('bookings table', () => {
  it('lists each booking with links to it and to its campaign, and its status (completed too)', async () => {
    fakeServer();
    renderApp('/bookings');
    await screen.findByText(/^Showing /);
    expect(tableRows()[0]).toEqual([
      'Spring Launch · Meta · flight 1',
      'Spring Launch',
      'completed',
      'Meta',
      'Mar 1\u2009–\u200931, 2026',
      '€1,000',
    ]);
    expect(screen.getByRole('link', { name: 'Spring Launch · Meta · flight 1' })).toHaveAttribute(
      'href',
      `/bookings/${BOOKINGS[0]!.id}`,
    );
    expect(screen.getAllByRole('link', { name: 'Summer Sale' })[0]).toHaveAttribute(
      'href',
      `/campaigns/${SUMMER.id}`,
    );
    // Bookings come from plans: nothing here creates one by hand.
    expect(screen.queryByRole('link', { name: /create|new booking/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /create|new booking/i })).not.toBeInTheDocument();
  });

  it('filters by status from a menu, keeps it in the URL, and Back undoes it', async () => {
    const user = userEvent.setup();
    const { seen, location, router } = (() => {
      const server = fakeServer();
      return { ...server, ...renderApp('/bookings') };
    })();
    await screen.findByText(/^Showing /);
    await user.click(trigger('Status'));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(location()).toBe('/bookings?status=completed'));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(bookingRequests(seen)).toContain('_start=0&_end=10&status=completed');

    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/bookings'));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(trigger('Status')).toHaveTextContent('All statuses');
  });

  it('keeps the bookings that overlap a date range (from its first day, to its last)', async () => {
    const { seen } = fakeServer();
    const { location } = renderApp('/bookings');
    await screen.findByText(/^Showing /);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-15' } });
    await waitFor(() => expect(location()).toBe('/bookings?from=2026-03-15'));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('to'), { target: { value: '2026-04-10' } });
    await waitFor(() => expect(location()).toBe('/bookings?from=2026-03-15&to=2026-04-10'));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows().map((row) => row[0])).toEqual([
      'Spring Launch · Meta · flight 1',
      'Spring Launch · Google Ads · flight 1',
    ]);
    expect(bookingRequests(seen).at(-1)).toBe(
      '_start=0&_end=10&endDate_gte=2026-03-15&startDate_lte=2026-04-10',
    );
  });

  it('starts from a shared link’s filters, ignores values that cannot be right, and clears them', async () => {
    const user = userEvent.setup();
    const { seen } = fakeServer();
    const { location } = renderApp(
      `/bookings?platform=meta&campaign=${SPRING.id}&status=completed&from=2026-03-01&to=2026-03-31`,
    );
    await screen.findByText(/^Showing /);
    expect(bookingRequests(seen)).toEqual([
      `_start=0&_end=10&campaignId=${SPRING.id}&endDate_gte=2026-03-01&platformKey=meta&startDate_lte=2026-03-31&status=completed`,
    ]);
    await waitFor(() => expect(trigger('Platform')).toHaveTextContent('Meta'));
    await waitFor(() => expect(trigger('Campaign')).toHaveTextContent('Spring Launch'));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/bookings'));
    await waitFor(() => expect(tableRows()).toHaveLength(3));

    const other = fakeServer();
    renderApp('/bookings?status=archived&platform=myspace&campaign=42&from=2026-02-30&to=soon');
    await waitFor(() => expect(bookingRequests(other.seen)).toEqual(['_start=0&_end=10']));
  });

  it('explains where bookings come from when there are none, with a way to plan a campaign', async () => {
    fakeServer([]);
    renderApp('/bookings');
    expect(await screen.findByText('No bookings yet')).toBeInTheDocument();
    expect(screen.getByText(/Bookings come from a plan’s flights/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan a campaign' })).toHaveAttribute(
      'href',
      '/planning/wizard/new/overview',
    );
  });
});

describe('booking page', () => {
  const BOOKING = BOOKINGS[1]!;
  const plan = {
    campaign: {
      id: SPRING.id,
      name: SPRING.name,
      objectiveId: 1,
      customerId: null,
      currency: 'EUR',
      status: 'draft',
      version: 3,
      budgetMinor: 200_000,
      splitMode: 'amount',
      startDate: '2026-03-01',
      endDate: '2026-04-30',
      updatedAt: '2026-02-01T00:00:00.000Z',
    },
    platforms: ['meta', 'google'],
    allocations: {},
    audience: null,
    flights: [
      {
        id: 'f1',
        platform: 'meta',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        amountMinor: 100_000,
        pacing: 'even',
        bookingId: BOOKINGS[0]!.id,
        bookingStatus: 'completed',
      },
      {
        id: 'f2',
        platform: 'google',
        startDate: '2026-04-01',
        endDate: '2026-04-30',
        amountMinor: 100_000,
        pacing: 'front_loaded',
        bookingId: BOOKING.id,
        bookingStatus: 'confirmed',
      },
    ],
    budgetFit: null,
    budgetOptions: [],
    editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'review'],
  };

  function serve(planAnswer: () => Response) {
    return stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
      if (request.path === '/api/events') return json({});
      if (request.path === `/api/bookings/${BOOKING.id}`) return json(BOOKING);
      if (request.path === `/api/campaigns/${SPRING.id}`) return json(SPRING);
      if (request.path === `/planning/wizard/${SPRING.id}`) return planAnswer();
      return json({ message: 'Not found' }, { status: 404 });
    });
  }

  it('shows its campaign, the plan’s schedule step, and its flight from the plan (pacing included)', async () => {
    const { seen } = serve(() => json(plan));
    renderApp(`/bookings/${BOOKING.id}`);
    expect(await screen.findByRole('heading', { name: new RegExp(`^${BOOKING.name}`) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spring Launch' })).toHaveAttribute(
      'href',
      `/campaigns/${SPRING.id}`,
    );
    expect(screen.getByRole('link', { name: 'Open the plan’s schedule' })).toHaveAttribute(
      'href',
      `/planning/wizard/${SPRING.id}/schedule`,
    );
    const flight = screen.getByRole('region', { name: 'Flight' });
    expect(within(flight).getByText('Front-loaded')).toBeInTheDocument();
    expect(within(flight).getByText('Flight 1')).toBeInTheDocument();
    expect(seen.find((r) => r.path === `/planning/wizard/${SPRING.id}`)?.headers.get('accept')).toContain(
      'application/json',
    );
  });

  it('shows the booking’s own dates and amount when the plan cannot be read', async () => {
    serve(() => json({ message: 'Not found' }, { status: 404 }));
    renderApp(`/bookings/${BOOKING.id}`);
    const flight = await screen.findByRole('region', { name: 'Flight' });
    expect(within(flight).getByText(/The plan could not be read/)).toBeInTheDocument();
    expect(within(flight).getByText('€1,000')).toBeInTheDocument();
  });
});

import './support/matchers';
import type { Campaign, Customer } from '@contract/resources';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const STATUSES = ['active', 'draft', 'paused', 'failed', 'completed'] as const;

const NORTHWIND: Customer = {
  id: '00000000-0000-4000-8000-0000000000c1',
  accountId: SIGNED_IN_USER.currentAccount.id,
  name: 'Northwind',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const UNNAMED: Customer = { ...NORTHWIND, id: '00000000-0000-4000-8000-0000000000c2', name: '' };
const CUSTOMERS = [NORTHWIND, UNNAMED];
const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'megaphone' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
];

/** 30 campaigns "Campaign 01" … "Campaign 30", created one day apart. */
const CAMPAIGNS: Campaign[] = Array.from({ length: 30 }, (_, i) =>
  campaign({
    customerId: i % 3 === 0 ? null : i % 3 === 1 ? NORTHWIND.id : UNNAMED.id,
    objectiveId: i % 2 ? 2 : 1,
    name: `Campaign ${String(i + 1).padStart(2, '0')}${i === 4 ? ' Spring Launch' : ''}`,
    status: STATUSES[i % STATUSES.length]!,
    platforms: i % 2 ? ['meta'] : ['google', 'tiktok'],
    budgetMinor: 100_000 * (i + 1) + (i === 0 ? 50 : 0),
    currency: i === 1 ? 'USD' : 'EUR',
    createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
  }),
);

/** A json-server-like /api/campaigns over CAMPAIGNS (paging, one sort key, name_like, status, platforms, customerId). */
function fakeServer(options: { failCampaigns?: number } = {}) {
  let failures = options.failCampaigns ?? 0;
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    // Every draft here can launch.
    if (request.path === '/data/campaigns/launch-readiness')
      return json(request.search.getAll('campaignId').map((campaignId) => ({ campaignId, blocker: null })));
    if (request.path === '/api/customers') {
      const ids = request.search.getAll('id');
      const rows = ids.length ? CUSTOMERS.filter((c) => ids.includes(c.id)) : CUSTOMERS;
      return json(rows, { total: rows.length });
    }
    if (request.path === '/api/campaigns') {
      if (failures > 0) {
        failures -= 1;
        return json({ message: 'Sorry, something went wrong.' }, { status: 500 });
      }
      const q = request.search;
      let rows = [...CAMPAIGNS];
      const like = q.get('name_like');
      if (like) rows = rows.filter((c) => c.name.toLowerCase().includes(like.toLowerCase()));
      const status = q.get('status');
      if (status) rows = rows.filter((c) => c.status === status);
      const platform = q.get('platforms');
      if (platform) rows = rows.filter((c) => c.platforms.includes(platform));
      const customerId = q.get('customerId');
      if (customerId) rows = rows.filter((c) => c.customerId === customerId);
      const sort = q.get('_sort') as keyof Campaign | null;
      if (sort) {
        const direction = q.get('_order') === 'desc' ? -1 : 1;
        rows.sort((a, b) => (String(a[sort]) < String(b[sort]) ? -direction : direction));
      }
      const start = Number(q.get('_start') ?? 0);
      const end = Number(q.get('_end') ?? rows.length);
      return json(rows.slice(start, end), { total: rows.length });
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const campaignRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/api/campaigns').map((r) => r.search.toString());

/** The data rows of the table (the header row left out), as arrays of cell texts. */
function tableRows() {
  const table = screen.getByRole('table', { name: 'Campaigns' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
}

async function renderTable(path = '/campaigns') {
  const server = fakeServer();
  const app = renderApp(path);
  await screen.findByText(/^Showing /);
  return { ...server, ...app };
}

describe('campaigns table', () => {
  it('shows the first page: names, status badges, platform names, dates, money and the range', async () => {
    const { seen } = await renderTable();
    expect(campaignRequests(seen)).toEqual(['_start=0&_end=10']);
    const rows = tableRows();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual([
      'Campaign 01',
      '—No customer', // a muted dash, "No customer" for screen readers
      'Awareness',
      'active',
      'Google AdsTikTok',
      'Mar 1\u2009–\u200931, 2026', // Intl's date range, thin spaces around the dash
      '€1,000.50',
      'Jan 1, 2026',
      'PauseDuplicateDelete', // the row actions the lifecycle chart allows: an active campaign pauses, no Launch
    ]);
    expect(rows[1]?.slice(1, 3)).toEqual(['Northwind', 'Traffic']);
    expect(rows[2]?.[1]).toBe('Unnamed customer');
    expect(rows[1]?.[4]).toBe('Meta');
    expect(rows[1]?.[6]).toBe('$2,000');
    expect(screen.getByText('Showing 1–10 of 30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Campaigns/ })).toHaveTextContent('30 campaigns');
    expect(screen.getByText('Every campaign in Acme Shoes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    // The navbar: product name, Campaigns, and the account menu with the user's e-mail and Sign out.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Flightplan' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(banner).getByRole('button', { name: /^Account menu/ }));
    const menu = await screen.findByRole('menu', { name: /^Account menu/ });
    expect(within(menu).getByText('demo@flightplan.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('pages with Next and the page numbers, and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Campaign 11')).toBeInTheDocument();
    expect(location()).toBe('/campaigns?page=2');
    expect(screen.getByText('Showing 11–20 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Campaign 21')).toBeInTheDocument();
    expect(location()).toBe('/campaigns?page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(campaignRequests(seen)).toEqual(['_start=0&_end=10', '_start=10&_end=20', '_start=20&_end=30']);
  });

  it('sorts by clicking a column header: ascending, descending, then unsorted', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable('/campaigns?page=2');
    const nameHeader = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(location()).toBe('/campaigns?sort=name&order=asc'));
    await waitFor(() => expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending'));
    expect(campaignRequests(seen).at(-1)).toBe('_start=0&_end=10&_sort=name&_order=asc');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(await screen.findByText('Campaign 30')).toBeInTheDocument();
    expect(location()).toBe('/campaigns?sort=name&order=desc');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(tableRows()[0]?.[0]).toBe('Campaign 30');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Budget' }));
    await waitFor(() => expect(location()).toBe('/campaigns?sort=budgetMinor&order=asc'));
    expect(campaignRequests(seen)).toEqual([
      '_start=10&_end=20',
      '_start=0&_end=10&_sort=name&_order=asc',
      '_start=0&_end=10&_sort=name&_order=desc',
      '_start=0&_end=10',
      '_start=0&_end=10&_sort=budgetMinor&_order=asc',
    ]);
  });

  it('filters by name once typing pauses, from the first page', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable('/campaigns?page=2&sort=name&order=asc');
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns by name' }), 'spring');
    await waitFor(() => expect(location()).toBe('/campaigns?sort=name&order=asc&name=spring'));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]?.[0]).toBe('Campaign 05 Spring Launch');
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(campaignRequests(seen)).toEqual([
      '_start=10&_end=20&_sort=name&_order=asc',
      '_start=0&_end=10&_sort=name&_order=asc&name_like=spring',
    ]);
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    const { location } = await renderTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns by name' }), 'zzz');
    expect(await screen.findByText('No campaigns match these filters')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is named like “zzz”/)).toBeInTheDocument();
    expect(screen.getByText('No results')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Campaigns' });
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Campaign 01')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
  });

  it('starts from the page, sort and filter in the URL', async () => {
    const { seen } = fakeServer();
    renderApp('/campaigns?page=2&sort=createdAt&order=desc&name=campaign');
    expect(await screen.findByText('Campaign 20')).toBeInTheDocument();
    expect(campaignRequests(seen)).toEqual([
      '_start=10&_end=20&_sort=createdAt&_order=desc&name_like=campaign',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search campaigns by name' })).toHaveAttribute(
      'value',
      'campaign',
    );
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('follows the Back button', async () => {
    const user = userEvent.setup();
    const { router, location } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Campaign 11')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(location()).toBe('/campaigns');
    expect(await screen.findByText('Campaign 01')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a failure with Try again', async () => {
    const user = userEvent.setup();
    fakeServer({ failCampaigns: 1 });
    renderApp('/campaigns');
    expect(await screen.findByText('The campaigns could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Sorry, something went wrong.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Campaign 01')).toBeInTheDocument();
  });
});

describe('campaigns table filters', () => {
  const trigger = (name: string) => screen.getByRole('combobox', { name });

  it('filters by status from a menu at once, back on page 1, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable('/campaigns?page=2');
    expect(trigger('Status')).toHaveTextContent('All statuses');
    await user.click(trigger('Status'));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(location()).toBe('/campaigns?status=draft'));
    await waitFor(() => expect(tableRows()).toHaveLength(6));
    expect(tableRows().every((row) => row[3] === 'draft')).toBe(true);
    expect(trigger('Status')).toHaveTextContent('Draft');
    expect(campaignRequests(seen)).toEqual(['_start=10&_end=20', '_start=0&_end=10&status=draft']);
  });

  it('filters by platform (campaigns whose platforms include it) and by customer, together', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable();
    await user.click(trigger('Platform'));
    await user.click(await screen.findByRole('option', { name: 'Meta' }));
    await waitFor(() => expect(location()).toBe('/campaigns?platform=meta'));
    await user.click(trigger('Customer'));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await waitFor(() => expect(location()).toBe(`/campaigns?customer=${NORTHWIND.id}&platform=meta`));
    await waitFor(() => expect(screen.getByText('Showing 1–5 of 5')).toBeInTheDocument());
    expect(tableRows().every((row) => row[1] === 'Northwind' && row[4] === 'Meta')).toBe(true);
    expect(campaignRequests(seen).slice(1)).toEqual([
      '_start=0&_end=10&platforms=meta',
      `_start=0&_end=10&customerId=${NORTHWIND.id}&platforms=meta`,
    ]);
    // The customer menu lists the unnamed customer too.
    await user.click(trigger('Customer'));
    expect(await screen.findByRole('option', { name: 'Unnamed customer' })).toBeInTheDocument();
  });

  it('starts from the filters of a shared link, ignores values that cannot be right, and clears them all', async () => {
    const user = userEvent.setup();
    const { seen, location } = await renderTable(
      `/campaigns?status=active&platform=meta&customer=${NORTHWIND.id}&name=campaign&page=1`,
    );
    expect(campaignRequests(seen)).toEqual([
      `_start=0&_end=10&customerId=${NORTHWIND.id}&name_like=campaign&platforms=meta&status=active`,
    ]);
    expect(trigger('Status')).toHaveTextContent('Active');
    await waitFor(() => expect(trigger('Platform')).toHaveTextContent('Meta'));
    await waitFor(() => expect(trigger('Customer')).toHaveTextContent('Northwind'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(screen.getByRole('searchbox', { name: 'Search campaigns by name' })).toHaveAttribute('value', '');
    expect(await screen.findByText('Showing 1–10 of 30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    // An unknown status or platform and a malformed customer id in the URL are ignored, not sent.
    const other = fakeServer();
    renderApp('/campaigns?status=archived&platform=myspace&customer=42');
    await waitFor(() => expect(campaignRequests(other.seen)).toEqual(['_start=0&_end=10']));
  });

  it('says when no campaign matches the chosen filters', async () => {
    const user = userEvent.setup();
    fakeServer();
    const { location } = renderApp('/campaigns?status=launching'); // no campaign is being launched
    expect(await screen.findByText('No campaigns match these filters')).toBeInTheDocument();
    expect(
      screen.getByText('Try another status, platform or customer, or clear the filters.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Campaigns' });
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(await screen.findByText('Campaign 01')).toBeInTheDocument();
  });
});

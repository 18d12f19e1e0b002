import './support/matchers';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../contract/resources';
import { resetPlatformNames } from '../../src/features/campaigns/campaignRows';
import { campaign, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const STATUSES = ['active', 'draft', 'paused', 'scheduled', 'completed'] as const;

/** 30 campaigns "Campaign 01" … "Campaign 30", created one day apart. */
const CAMPAIGNS: Campaign[] = Array.from({ length: 30 }, (_, i) =>
  campaign({
    name: `Campaign ${String(i + 1).padStart(2, '0')}${i === 4 ? ' Spring Launch' : ''}`,
    status: STATUSES[i % STATUSES.length]!,
    platforms: i % 2 ? ['meta'] : ['google', 'tiktok'],
    budgetMinor: 100_000 * (i + 1) + (i === 0 ? 50 : 0),
    currency: i === 1 ? 'USD' : 'EUR',
    createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
  }),
);

/** A json-server-like /api/campaigns over CAMPAIGNS (paging, one sort key, name_like). */
function fakeServer(options: { failCampaigns?: number } = {}) {
  let failures = options.failCampaigns ?? 0;
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/campaigns') {
      if (failures > 0) {
        failures -= 1;
        return json({ message: 'Sorry, something went wrong.' }, { status: 500 });
      }
      const q = request.search;
      let rows = [...CAMPAIGNS];
      const like = q.get('name_like');
      if (like) rows = rows.filter((c) => c.name.toLowerCase().includes(like.toLowerCase()));
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
      'active',
      'Google AdsTikTok',
      'Mar 1\u2009–\u200931, 2026', // Intl's date range, thin spaces around the dash
      '€1,000.50',
      'Jan 1, 2026',
      'DuplicateDelete', // the row actions (Launch only for drafts and failed campaigns)
    ]);
    expect(rows[1]?.[2]).toBe('Meta');
    expect(rows[1]?.[4]).toBe('$2,000');
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

  it('says when nothing matches and clears the search', async () => {
    const user = userEvent.setup();
    const { location } = await renderTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns by name' }), 'zzz');
    expect(await screen.findByText('No campaigns match “zzz”')).toBeInTheDocument();
    expect(screen.getByText('No results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
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

/**
 * The reports page against a fake API (GET /api/reports as contract/reports.ts describes it): the URL is the
 * report, sorting asks the server for that order, the server's named problems show beside their controls,
 * the CSV link is the same query, the chart has a table alternative, and an expired trial leaves it open.
 */
import './support/matchers';
import { previousPeriod } from '@contract/reports';
import { sampleReport, sampleRow, sampleSeries } from '@machines/report/report.samples';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, json, PLATFORMS, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// uPlot draws on a canvas jsdom does not have; the page's own markup is what these tests read.
// The options of each plot drawn, to read its lines and its y-axis.
const plots = vi.hoisted(() => [] as { series: Record<string, unknown>[]; scales: Record<string, any> }[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    static rangeNum = (min: number, max: number) => [min, max];
    constructor(options: (typeof plots)[number]) {
      plots.push(options);
    }
    setSize() {}
    destroy() {}
  },
}));

const DAY_MS = 86_400_000;
/** The chart's time-series queries: by day or week (and by platform when the report is). */
const isSeriesQuery = (search: URLSearchParams) => /^(day|week)(,|$)/.test(search.get('groupBy') ?? '');
/** The first render loads the lazy page (and, in the first test, compiles it). */
const FIRST_LOAD = { timeout: 15_000 };
const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const ROWS = [sampleRow('Spring Launch', 120_000), sampleRow('Autumn Sale', 40_000)];

function fakeServer(
  reports: (request: SeenRequest) => Response = (request) =>
    json(isSeriesQuery(request.search) ? sampleSeries() : sampleReport(ROWS)),
  createdDaysAgo = 1,
) {
  return stubFetch((request) => {
    if (request.path === '/api/reports') return reports(request);
    if (request.path === '/api/auth/user')
      return json({
        ...SIGNED_IN_USER,
        currentOrganization: {
          ...SIGNED_IN_USER.currentOrganization,
          createdAt: new Date(Date.now() - createdDaysAgo * DAY_MS - 60_000).toISOString(),
        },
      });
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/customers') {
      const like = request.search.get('name_like');
      const ids = request.search.getAll('id');
      const found = [CUSTOMER].filter(
        (customer) =>
          (ids.length === 0 || ids.includes(customer.id)) && (!like || customer.name.includes(like)),
      );
      return json(found, { total: found.length });
    }
    if (request.path === '/api/events' || request.path === '/api/client-errors')
      return json({ received: true }, { status: 202 });
    return json([], { total: 0 });
  });
}

/** The table's queries (not the time-series'), in order. */
const tableQueries = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/api/reports' && !isSeriesQuery(r.search)).map((r) => r.search);

const breakdown = () => screen.getByRole('table', { description: /^Rows / });

describe('the reports page', () => {
  it('shows the last 30 days by campaign, with totals, "Data through", the chart as a table, and the CSV link', async () => {
    const { seen } = fakeServer();
    renderApp('/reports');
    expect(await screen.findByRole('cell', { name: '€1,200' }, FIRST_LOAD)).toBeInTheDocument();
    const first = tableQueries(seen)[0]!;
    expect([first.get('from'), first.get('to'), first.get('groupBy')]).toEqual([
      daysAgo(29),
      today,
      'campaign',
    ]);
    const rows = within(breakdown()).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([[], ['Spring Launch'], ['Autumn Sale'], ['Total']]);
    expect(screen.getByText('Data through Mar 30, 2030')).toBeInTheDocument();
    // The time-series asked by day for the first metric, and readable without the picture.
    const series = seen.find((r) => r.path === '/api/reports' && isSeriesQuery(r.search))!;
    expect(series.search.get('metrics')).toBe('spend');
    const chartTable = screen.getByRole('table', { name: 'Spend by day' });
    expect(within(chartTable).getAllByRole('row')).toHaveLength(4);
    expect(within(chartTable).getByRole('cell', { name: '€300' })).toBeInTheDocument();
    // The CSV is the same query, every row, streamed by the server.
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/reports');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      from: daysAgo(29),
      to: today,
      groupBy: 'campaign',
      metrics: first.get('metrics'),
      format: 'csv',
    });
  });

  it('sorts by a clicked column: the server is asked for that order, the URL keeps it, Back restores it', async () => {
    const { seen } = fakeServer();
    const { router, location } = renderApp('/reports?groupBy=campaign,platform&metrics=spend,clicks');
    await screen.findByRole('cell', { name: '€1,200' }, FIRST_LOAD);
    const user = userEvent.setup();
    const clicks = within(breakdown()).getByRole('columnheader', { name: /Clicks/ });
    expect(clicks).toHaveAttribute('aria-sort', 'none');
    await user.click(within(clicks).getByRole('button'));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('sort')).toBe('clicks'));
    expect(tableQueries(seen).at(-1)?.get('order')).toBeNull(); // largest first: the default order
    expect(location()).toMatch(/[?&]sort=clicks(&|$)/);
    await waitFor(() => expect(clicks).toHaveAttribute('aria-sort', 'descending'));

    // The keyboard works too: the header is a button.
    within(clicks).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('order')).toBe('asc'));
    await waitFor(() => expect(clicks).toHaveAttribute('aria-sort', 'ascending'));

    // Back: the URL before, and the report of that URL.
    const asked = tableQueries(seen).length;
    await router.navigate(-1);
    await waitFor(() => expect(tableQueries(seen).length).toBe(asked + 1));
    expect(tableQueries(seen).at(-1)?.get('order')).toBeNull();
    expect(location()).not.toMatch(/order=asc/);
    await waitFor(() => expect(clicks).toHaveAttribute('aria-sort', 'descending'));
  });

  it('filters by several platforms and statuses: each checked one is asked and in the URL, a chip removes one', async () => {
    const { seen } = fakeServer();
    const { router, location } = renderApp('/reports');
    await screen.findByRole('cell', { name: '€1,200' }, FIRST_LOAD);
    const controls = screen.getByRole('search', { name: 'Report controls' });
    const user = userEvent.setup();
    const platforms = within(controls).getByText('Platforms: All');
    await user.click(platforms);
    // Checked in any order, written in the list's order: the same choice is the same link.
    await user.click(await within(controls).findByRole('checkbox', { name: 'TikTok' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('platform')).toBe('tiktok'));
    await user.click(within(controls).getByRole('checkbox', { name: 'Meta' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('platform')).toBe('meta,tiktok'));
    expect(within(controls).getByText('Platforms: 2')).toBeInTheDocument();
    await user.click(within(controls).getByText(/^Statuses:/));
    await user.click(within(controls).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(controls).getByRole('checkbox', { name: 'Paused' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('status')).toBe('active,paused'));
    expect(new URLSearchParams(location().split('?')[1]).get('platform')).toBe('meta,tiktok');
    // The series is filtered alike.
    const series = seen.filter((r) => r.path === '/api/reports' && isSeriesQuery(r.search)).at(-1)!;
    expect([series.search.get('platform'), series.search.get('status')]).toEqual([
      'meta,tiktok',
      'active,paused',
    ]);

    // A chip per chosen value; its × takes that one out, the others stay.
    const chosen = within(controls).getByRole('list', { name: 'Chosen platforms' });
    expect(
      within(chosen)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['Remove Meta', 'Remove TikTok']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove Meta' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('platform')).toBe('tiktok'));
    expect(within(controls).getByRole('checkbox', { name: 'Meta' })).toHaveProperty('checked', false);
    expect(within(controls).getByText('Platforms: TikTok')).toBeInTheDocument();

    // Back brings Meta back.
    await router.navigate(-1);
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('platform')).toBe('meta,tiktok'));
    await waitFor(() =>
      expect(within(controls).getByRole('checkbox', { name: 'Meta' })).toHaveProperty('checked', true),
    );
  });

  it('shows each problem the server names under the control that sets it', async () => {
    fakeServer(() =>
      json(
        {
          message: 'The report query has problems.',
          validationErrors: {
            groupBy: { message: 'Group by day or by week, not both.' },
            status: { message: 'Unknown status lost: use draft, active.' },
          },
        },
        { status: 400 },
      ),
    );
    renderApp('/reports');
    const controls = await screen.findByRole('search', { name: 'Report controls' });
    await waitFor(() =>
      expect(within(controls).getByRole('combobox', { name: 'Rows' })).toHaveAccessibleDescription(
        'Group by day or by week, not both.',
      ),
    );
    expect(within(controls).getByRole('combobox', { name: 'Rows' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(controls).getByText(/^Statuses:/)).toHaveAccessibleDescription(
      'Unknown status lost: use draft, active.',
    );
    expect(within(controls).getByText(/^Platforms:/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('change the ones marked');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('names a problem of the URL itself without asking the server', async () => {
    const { seen } = fakeServer();
    renderApp('/reports?from=2030-02-30');
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveAccessibleDescription('Use a date in the form YYYY-MM-DD.'));
    expect(seen.filter((r) => r.path === '/api/reports')).toEqual([]);
  });

  it('says what to change when nothing matches', async () => {
    fakeServer((request) => json(isSeriesQuery(request.search) ? sampleSeries() : sampleReport([])));
    renderApp('/reports');
    const status = (await screen.findByText('No delivery matches this report.')).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveTextContent('Try a longer date range, remove a filter');
  });

  it('compares with the previous period: Δ % with ▲ ▼ and a sign, not colour alone', async () => {
    const previous = previousPeriod(daysAgo(29), today);
    fakeServer((request) => {
      if (isSeriesQuery(request.search)) return json(sampleSeries());
      const rows = ROWS.map((row) => ({
        ...row,
        previous: row.values,
        change: { spend: 0.125, clicks: -0.03 },
      }));
      return json({ ...sampleReport(rows), previousRange: previous });
    });
    renderApp('/reports?compare=previous&metrics=spend,clicks');
    expect(await screen.findAllByText('▲ +12.5%')).toHaveLength(2);
    expect(screen.getAllByText('▼ -3%')).toHaveLength(2);
    expect(within(breakdown()).getByRole('columnheader', { name: 'Spend Δ %' })).toBeInTheDocument();
  });

  it('grouped by platform, the chart draws a line per platform, from zero', async () => {
    // Two platforms over three days; Google Ads did not deliver on the first (0 spend, not a gap).
    const day = (value: string, platform: string, label: string, spend: number) => ({
      keys: [
        { grouping: 'day', value, label: value },
        { grouping: 'platform', value: platform, label },
      ],
      values: { spend },
      previous: null,
      change: null,
    });
    const rows = [
      day('2030-03-28', 'meta', 'Meta', 10_000),
      day('2030-03-29', 'meta', 'Meta', 20_000),
      day('2030-03-29', 'google', 'Google Ads', 5_000),
      day('2030-03-30', 'meta', 'Meta', 30_000),
      day('2030-03-30', 'google', 'Google Ads', 7_000),
    ];
    const { seen } = fakeServer((request) =>
      isSeriesQuery(request.search)
        ? json({ ...sampleSeries(), rows, rowCount: rows.length })
        : json(sampleReport(ROWS)),
    );
    plots.length = 0;
    renderApp('/reports?groupBy=platform');
    const chartTable = await screen.findByRole('table', { name: 'Spend by day and platform' }, FIRST_LOAD);
    const series = seen.find((r) => r.path === '/api/reports' && isSeriesQuery(r.search))!;
    expect(series.search.get('groupBy')).toBe('day,platform');
    // A column per platform, the largest first, a row per day.
    expect(
      within(chartTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Meta', 'Google Ads']);
    const firstDay = within(chartTable).getAllByRole('row')[1]!;
    expect(
      within(firstDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€100', '€0']);
    expect(within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(plots.length).toBeGreaterThan(0));
    const plot = plots.at(-1)!;
    expect(plot.series.slice(1).map((line) => line.label)).toEqual(['Meta', 'Google Ads']);
    // The y-axis starts at zero, however high the lowest value.
    expect(plot.scales.y.range(null, 5_000, 30_000)[0]).toBe(0);
  });

  it('comparing, the chart draws the previous period dashed over this one', async () => {
    const previous = previousPeriod(daysAgo(29), today);
    const previousDay = (offset: number) =>
      new Date(Date.parse(`${previous.from}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
    const { seen } = fakeServer((request) => {
      if (!isSeriesQuery(request.search)) return json({ ...sampleReport(ROWS), previousRange: previous });
      if (request.search.get('from') !== previous.from)
        return json({
          ...sampleSeries(),
          rows: [
            {
              keys: [{ grouping: 'day', value: daysAgo(29), label: '' }],
              values: { spend: 9_000 },
              previous: null,
              change: null,
            },
          ],
          rowCount: 1,
        });
      // The previous period's first and second days: drawn over this period's first and second.
      const rows = [0, 1].map((offset) => ({
        keys: [{ grouping: 'day', value: previousDay(offset), label: '' }],
        values: { spend: 4_000 + offset * 1_000 },
        previous: null,
        change: null,
      }));
      return json({ ...sampleSeries(), rows, rowCount: 2 });
    });
    plots.length = 0;
    renderApp('/reports?compare=previous');
    const chartTable = await screen.findByRole('table', { name: 'Spend by day' }, FIRST_LOAD);
    const asked = seen.filter((r) => r.path === '/api/reports' && isSeriesQuery(r.search));
    expect(asked.map((r) => [r.search.get('from'), r.search.get('to')])).toEqual(
      expect.arrayContaining([
        [daysAgo(29), today],
        [previous.from, previous.to],
      ]),
    );
    await waitFor(() =>
      expect(
        within(chartTable)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Day', 'Total', 'Total, previous period']),
    );
    const rows = within(chartTable).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€90', '€40']);
    // This period has nothing reported on its second day yet: nothing, not €0.
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '€50']);
    await waitFor(() => expect(plots.at(-1)?.series).toHaveLength(3));
    const [, current, before] = plots.at(-1)!.series;
    expect(current!.dash).toBeUndefined();
    expect(before!.dash).toEqual([6, 4]);
  });

  it('filters by a customer found by typing its name, and by none again', async () => {
    const { seen } = fakeServer();
    renderApp('/reports');
    await screen.findByRole('cell', { name: '€1,200' }, FIRST_LOAD);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Customers' }), 'Ac');
    expect(seen.some((r) => r.path === '/api/customers' && r.search.get('name_like') === 'Ac')).toBe(true);
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('customer')).toBe(CUSTOMER.id));
    await user.click(screen.getByRole('button', { name: 'Remove Acme' }));
    await waitFor(() => expect(tableQueries(seen).at(-1)?.get('customer')).toBeNull());
  });

  it('names the customers of a shared link', async () => {
    const { seen } = fakeServer();
    renderApp(`/reports?customer=${CUSTOMER.id}`);
    expect(await screen.findByRole('button', { name: 'Remove Acme' }, FIRST_LOAD)).toBeInTheDocument();
    expect(tableQueries(seen)[0]?.get('customer')).toBe(CUSTOMER.id);
  });

  it('stays open when the trial has expired (a reports page is exempt)', async () => {
    fakeServer(undefined, 30);
    renderApp('/reports');
    expect(await screen.findByRole('region', { name: 'Trial status' })).toHaveTextContent(
      'Your trial has expired!',
    );
    expect(await screen.findByRole('cell', { name: '€1,200' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your trial has expired.' })).toBeNull();
    expect(document.getElementById('main')).not.toHaveAttribute('aria-hidden');
  });
});

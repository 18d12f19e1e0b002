/**
 * The `report` chart's generated paths, replayed on the real reports page (/reports): every control is used
 * as a person would (selects, date fields, checkboxes, the column headers, the pager), Back and links are
 * router navigations, and GET /api/reports (the table's query and the time-series') is held by the fake
 * server until a path step answers it.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { ReportContext, ReportResult } from '@machines/report';
import { SAMPLE_CUSTOMER } from '@machines/report/report.samples';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { CUSTOMER, json, PLATFORMS, SIGNED_IN_USER } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);
// uPlot draws on a canvas jsdom does not have; the chart's table alternative is what is read.
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    setSize() {}
    destroy() {}
  },
}));

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof renderApp>['router'];
}

const chart = getChart('report');
const context = (state: { context: unknown }) => state.context as ReportContext;
const controls = () => screen.getByRole('search', { name: 'Report controls' });
const isSeries = (search: URLSearchParams) => /^(day|week)(,|$)/.test(search.get('groupBy') ?? '');
const REPORTS = '/api/reports';

/** Answers the latest table and series queries; older ones (cancelled by a newer query) get the same answer. */
async function answer(
  server: HeldServer,
  outcome: (series: boolean) => { body: unknown } | { error: unknown },
) {
  await server.answerWith((r) => r.path === REPORTS && !isSeries(r.search), outcome(false));
  await server.answerWith((r) => r.path === REPORTS && isSeries(r.search), outcome(true));
  while (server.held.some((entry) => entry.request.path === REPORTS))
    await server.answerWith(REPORTS, outcome(true));
}

/** The page shows its table (and so its headers, pager and page size) only with rows on screen. */
const hasTable = (before: AnyMachineSnapshot) =>
  (before.matches('shown') || before.matches('loading')) &&
  (context(before).result?.report.rowCount ?? 0) > 0;

const breakdown = () => screen.getByRole('table', { description: /^Rows / });

describeViewPathTests<PageView>({
  chart,
  compareContext: (ctx: ReportContext) => chart.selectContext!(ctx),
  async render() {
    const server = heldServer({
      hold: (request) => request.path === REPORTS,
      answer: (request) => {
        if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
        if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
        if (request.path === '/api/customers')
          return json([{ ...CUSTOMER, ...SAMPLE_CUSTOMER }], { total: 1 });
        if (request.path === '/api/events' || request.path === '/api/client-errors')
          return json({ received: true }, { status: 202 });
        return json([], { total: 0 });
      },
    });
    const { router } = renderApp('/reports');
    await screen.findByRole('heading', { name: 'Reports' });
    await within(controls()).findByRole('checkbox', { name: 'Meta' });
    return { server, user: userEvent.setup({ delay: null }), router };
  },
  events: {
    'url.change': ({ router }, { event }) =>
      router.navigate(event.search ? `/reports?${event.search}` : '/reports'),
    'range.change': ({ user }, { event }) => {
      // Two edits, as a person makes them: the first day, then the last (the first alone may be refused
      // for a moment; its problem keeps the first day and names the last).
      fireEvent.change(within(controls()).getByLabelText('From'), { target: { value: event.from } });
      fireEvent.change(within(controls()).getByLabelText('To'), { target: { value: event.to } });
      return user;
    },
    'grouping.change': ({ user }) =>
      user.selectOptions(within(controls()).getByRole('combobox', { name: 'Then by' }), 'Platform'),
    'metrics.change': async ({ user }) => {
      await user.click(within(controls()).getByText(/^Metrics/));
      await user.click(within(controls()).getByRole('checkbox', { name: 'Reach' }));
    },
    'filter.change': async ({ user }) => {
      await user.type(within(controls()).getByRole('combobox', { name: 'Customers' }), 'Acme');
      await user.click(await within(controls()).findByRole('option', { name: SAMPLE_CUSTOMER.name }));
    },
    'filter.toggle': async ({ user }, { event }) => {
      const { filter, value } = event as unknown as { filter: 'platform' | 'status'; value: string };
      const menu = within(controls()).getByText(filter === 'platform' ? /^Platforms:/ : /^Statuses:/);
      if (!menu.closest('details')?.open) await user.click(menu);
      const name = filter === 'platform' ? PLATFORMS.find((p) => p.key === value)!.displayName : 'Active';
      await user.click(within(controls()).getByRole('checkbox', { name }));
    },
    'filter.remove': ({ user }) =>
      user.click(
        within(within(controls()).getByRole('list', { name: 'Chosen platforms' })).getByRole('button', {
          name: 'Remove Meta',
        }),
      ),
    'compare.change': ({ user }) =>
      user.click(within(controls()).getByRole('checkbox', { name: 'Compare with the previous period' })),
    'currency.change': ({ user }) =>
      user.selectOptions(within(controls()).getByRole('combobox', { name: 'Currency' }), 'USD'),
    'sort.toggle': ({ user }) =>
      user.click(
        within(within(breakdown()).getByRole('columnheader', { name: /^Clicks/ })).getByRole('button'),
      ),
    'page.change': ({ user }) => user.click(screen.getByRole('button', { name: 'Next' })),
    'pageSize.change': ({ user }) =>
      user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100'),
    'chartMetric.change': ({ user }) =>
      user.selectOptions(screen.getByRole('combobox', { name: 'Chart' }), 'Clicks'),
    'report.retry': ({ user }) =>
      user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.loadReport': ({ server }, { event }) => {
      const output = event.output as ReportResult;
      return answer(server, (series) => ({ body: series ? output.series : output.report }));
    },
    'xstate.error.actor.loadReport': ({ server }, { event }) =>
      answer(server, () => ({ error: event.error })),
  },
  states: {
    loading: async (_view, { state }) => {
      const { result } = context(state);
      if (!result) expect(await screen.findByText('Loading the report…')).toBeInTheDocument();
      else if (result.report.rowCount > 0) expect(breakdown()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByText(/change the ones marked/)).toBeNull();
    },
    shown: async (_view, { state }) => {
      const { report, series } = context(state).result!;
      await screen.findByText(/^Data through /);
      expect(breakdown()).toHaveAttribute('aria-busy', 'false');
      expect(within(breakdown()).getAllByRole('row')).toHaveLength(report.rows.length + 2);
      expect(screen.getByText(`Rows 1–${report.rows.length} of ${report.rowCount}`)).toBeInTheDocument();
      // The chart's table alternative: a row per day.
      const chartTable = screen.getByRole('table', { name: /by day$/ });
      expect(within(chartTable).getAllByRole('row')).toHaveLength(series.rows.length + 1);
      const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
      expect(csv).toMatch(/^\/api\/reports\?.*format=csv/);
    },
    empty: async () => {
      expect(await screen.findByText('No delivery matches this report.')).toBeInTheDocument();
      expect(screen.queryByRole('table', { description: /^Rows / })).toBeNull();
    },
    invalid: async (_view, { state }) => {
      const { queryErrors } = context(state);
      expect(await screen.findByText(/change the ones marked/)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
      if (queryErrors.groupBy)
        expect(within(controls()).getByRole('combobox', { name: 'Rows' })).toHaveAccessibleDescription(
          queryErrors.groupBy,
        );
      if (queryErrors.from)
        expect(within(controls()).getByLabelText('From')).toHaveAccessibleDescription(queryErrors.from);
      if (queryErrors.to)
        expect(within(controls()).getByLabelText('To')).toHaveAccessibleDescription(queryErrors.to);
    },
    failed: async (_view, { state }) => {
      const { error } = context(state);
      const alert = await screen.findByRole('alert');
      const status = (error as { status?: unknown }).status;
      expect(alert).toHaveTextContent(
        typeof status === 'number' ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE,
      );
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
  },
  unproducible: [
    {
      because: 'the currency switch shows once an answer lists another currency',
      step: (event, before) => event.type === 'currency.change' && !context(before).result,
    },
    {
      because: 'the column headers, the pager and the page size come with the table (rows on screen)',
      step: (event, before) =>
        ['sort.toggle', 'page.change', 'pageSize.change'].includes(event.type) && !hasTable(before),
    },
    {
      because: 'the chart (and its metric) shows with an answer that has rows',
      step: (event, before) => event.type === 'chartMetric.change' && !before.matches('shown'),
    },
  ],
});

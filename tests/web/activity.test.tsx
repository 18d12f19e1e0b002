import './support/matchers';
import type { ActivityEntry } from '@contract/activity';
import { CampaignActivity } from '@src/ui/activity/CampaignActivity';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const CAMPAIGN_ID = '00000000-0000-4000-8000-00000000c001';
const JANE = { id: '00000000-0000-4000-8000-00000000a001', email: 'jane@agency.test', name: 'Jane Doe' };

const entry = (n: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: String(n),
  at: '2026-03-02T10:15:00.000Z',
  actor: JANE,
  entity: 'campaign',
  entityId: CAMPAIGN_ID,
  entityLabel: 'Campaign',
  op: 'update',
  field: 'budgetMinor',
  fieldLabel: 'Budget',
  before: 100_000,
  after: 120_000,
  beforeText: '€1,000.00',
  afterText: '€1,200.00',
  campaignId: CAMPAIGN_ID,
  campaignName: 'Spring Launch',
  revision: 2,
  ...overrides,
});

const ENTRIES = [
  entry(2, {}),
  entry(1, {
    actor: null,
    entity: 'flight',
    entityLabel: 'Flight on Meta',
    field: 'endDate',
    fieldLabel: 'End',
    before: '2026-03-31',
    after: '2026-04-15',
    beforeText: 'Mar 31, 2026',
    afterText: 'Apr 15, 2026',
  }),
];

function fakeServer(rows: readonly ActivityEntry[] = ENTRIES) {
  return stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/events') return json({});
    if (request.path === '/api/activity/actors') return json([JANE]);
    if (request.path === '/api/activity') {
      const entity = request.search.get('entity');
      const found = entity ? rows.filter((r) => r.entity === entity) : rows;
      return json(found, { total: found.length });
    }
    return json({ message: 'Not found' }, { status: 404 });
  });
}

const activityRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/api/activity').map((r) => r.search.toString());

function tableRows(name = 'Activity') {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
}

describe('the Activity page', () => {
  it('lists who changed what, from which value to which, in people’s words; the nav links to it', async () => {
    fakeServer();
    renderApp('/activity');
    await screen.findByText(/^Showing /);
    const [first, second] = tableRows();
    expect(first?.slice(1)).toEqual([
      'Jane Doe',
      'CampaignSpring Launch',
      'Budget',
      '€1,000.00→€1,200.00',
      '#2',
    ]);
    expect(second?.slice(1, 5)).toEqual([
      'Flightplan',
      'Flight on MetaSpring Launch',
      'End',
      'Mar 31, 2026→Apr 15, 2026',
    ]);
    expect(screen.getAllByRole('link', { name: 'Spring Launch' })[0]).toHaveAttribute(
      'href',
      `/campaigns/${CAMPAIGN_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/activity.csv');
  });

  it('filters by what and when, keeps it in the URL, and exports what is shown', async () => {
    const user = userEvent.setup();
    const { seen } = fakeServer();
    const { location } = renderApp('/activity');
    await screen.findByText(/^Showing /);
    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: 'Flight' }));
    await waitFor(() => expect(location()).toBe('/activity?what=flight'));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(location()).toBe('/activity?what=flight&from=2026-03-01'));
    await waitFor(() =>
      expect(activityRequests(seen).at(-1)).toBe('entity=flight&from=2026-03-01&_start=0&_end=10'),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/activity.csv?entity=flight&from=2026-03-01',
    );
  });

  it('says so when nothing was changed yet', async () => {
    fakeServer([]);
    renderApp('/activity');
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();
  });
});

describe('a campaign’s Activity tab', () => {
  it('shows that campaign’s changes only, without the campaign column, under a second-level heading', async () => {
    const { seen } = fakeServer();
    render(
      <MemoryRouter initialEntries={[`/campaigns/${CAMPAIGN_ID}`]}>
        <CampaignActivity campaignId={CAMPAIGN_ID} />
      </MemoryRouter>,
    );
    await screen.findByText(/^Showing /);
    expect(screen.getByRole('heading', { level: 2, name: /Activity/ })).toBeInTheDocument();
    expect(activityRequests(seen)[0]).toBe(`campaignId=${CAMPAIGN_ID}&_start=0&_end=10`);
    expect(tableRows()[0]?.[2]).toBe('Campaign');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/activity.csv?campaignId=${CAMPAIGN_ID}`,
    );
  });
});

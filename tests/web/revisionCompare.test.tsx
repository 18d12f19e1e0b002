/**
 * The comparison page (/campaigns/:id/revisions/:a/compare/:b, issue 27) as a planner reads a re-issued
 * insertion order: line items added, removed and changed (old → new) with money in the campaign's currency,
 * the totals with their difference, and the other sections in words.
 */
import './support/matchers';
import type { RevisionDiff } from '@contract/planning/revisionSnapshot';
import type { RevisionSummary } from '@contract/revisions';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, signedInPage, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const ID = '00000000-0000-4000-8000-00000000c0de';
const revision = (number: number, status: RevisionSummary['status']): RevisionSummary => ({
  number,
  status,
  hash: String(number).repeat(64),
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: { id: 'u1', email: 'demo@flightplan.test', name: 'Dana Demo' },
  approvers: [],
});
const flight = (key: string, fields: Record<string, unknown>) => ({
  key,
  platform: 'meta',
  startDate: '2027-03-01',
  endDate: '2027-03-31',
  amountMinor: 100_000,
  pacing: 'even',
  ...fields,
});
const nothing = { added: [], removed: [], changed: [] };
const empty: RevisionDiff = {
  overview: [],
  budget: [],
  audience: [],
  totals: [],
  platforms: nothing,
  lineItems: nothing,
  ads: nothing,
};

function serve(diff: RevisionDiff, interestNames: Record<string, Record<string, string>> = {}) {
  const respond = signedInPage({
    [`/api/campaigns/${ID}/revisions`]: [
      revision(3, 'draft'),
      revision(2, 'in_review'),
      revision(1, 'superseded'),
    ],
    [`/api/campaigns/${ID}/revisions/1/diff/2`]: {
      campaign: { id: ID, name: 'Spring Sale', currency: 'EUR' },
      from: revision(1, 'superseded'),
      to: revision(2, 'in_review'),
      diff,
      interestNames,
    },
  });
  stubFetch((request) => respond(request) ?? json({ message: 'Not found' }, { status: 404 }));
}

/** Intl's date ranges put thin spaces around the dash. */
const range = (from: string, to: string) => `${from}\u2009–\u2009${to}`;

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('comparing two revisions', () => {
  it('shows added, removed and changed line items with the money in the campaign’s currency', async () => {
    serve(
      {
        ...empty,
        lineItems: {
          added: [flight('f-new', { platform: 'google', amountMinor: 120_000 })],
          removed: [flight('f-old', { platform: 'tiktok', amountMinor: 30_000 })],
          changed: [
            {
              key: 'f-meta',
              before: flight('f-meta', {}),
              after: flight('f-meta', {
                endDate: '2027-03-24',
                amountMinor: 150_050,
                pacing: 'front_loaded',
              }),
              changes: [
                { field: 'amountMinor', before: 100_000, after: 150_050 },
                { field: 'endDate', before: '2027-03-31', after: '2027-03-24' },
                { field: 'pacing', before: 'even', after: 'front_loaded' },
              ],
            },
          ],
        },
        totals: [
          { field: 'plannedMinor', before: 130_000, after: 270_050 },
          { field: 'platform:tiktok', before: 30_000 },
        ],
        audience: [
          { field: 'genders', before: [], after: ['female'] },
          { field: 'interests', before: { meta: ['6003'] }, after: { meta: ['6003', '6004', '6005'] } },
        ],
      },
      // Interests read by the names the platform gave them; one whose name is not known, by its id.
      { meta: { '6003': 'Travel', '6004': 'Beaches' } },
    );
    renderApp(`/campaigns/${ID}/revisions/1/compare/2`);
    await screen.findByRole('heading', { name: 'Compare revision 1 with revision 2' });

    const table = within(screen.getByRole('region', { name: 'Line items' })).getByRole('table');
    expect(rowsOf(table)).toEqual([
      [
        'Changed',
        'Meta',
        `${range('Mar 1', '31, 2027')}→ changed to ${range('Mar 1', '24, 2027')}Pacing: Even→ changed to Front-loaded`,
        '€1,000→ changed to €1,500.50',
      ],
      ['Added', 'Google Ads', range('Mar 1', '31, 2027'), '€1,200'],
      ['Removed', 'TikTok', range('Mar 1', '31, 2027'), '€300'],
    ]);

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Planned€1,300→ changed to €2,700.50+€1,400.50');
    expect(totals).toHaveTextContent('TikTok€300→ changed to —−€300');
    expect(screen.getByRole('region', { name: 'Audience' })).toHaveTextContent(
      'Interests on MetaTravel→ changed to Travel, Beaches, 6005',
    );
    expect(screen.getByRole('region', { name: 'Audience' })).toHaveTextContent(
      'GendersEveryone→ changed to Female',
    );
    expect(screen.queryByText('No changes')).not.toBeInTheDocument();
  });

  it('says “No changes” when the comparison is empty', async () => {
    serve(empty);
    renderApp(`/campaigns/${ID}/revisions/1/compare/2`);
    expect(await screen.findByText('No changes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Line items' })).not.toBeInTheDocument();
  });
});

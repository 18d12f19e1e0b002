/**
 * The review of a revision (/campaigns/:id/revisions/:n, issue 27) says what changed since the last
 * approved revision, the way the comparison page does (src/ui/revisions/DiffSections), with a link to it.
 */
import './support/matchers';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, SIGNED_IN_USER, signedInPage, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const ID = '00000000-0000-4000-8000-00000000c0de';
const person = { id: 'u1', email: 'demo@flightplan.test', name: 'Dana Demo' };
const flight = {
  key: 'f-1',
  platform: 'meta',
  startDate: '2027-03-01',
  endDate: '2027-03-24',
  amountMinor: 150_000,
  pacing: 'even',
};
const nothing = { added: [], removed: [], changed: [] };

const NAMES = { meta: { '6003': 'Travel', '6004': 'Beaches' } };

function review(sinceApproved: unknown) {
  return {
    campaign: { id: ID, name: 'Spring Sale', currency: 'EUR' },
    revision: {
      number: 3,
      status: 'in_review',
      hash: 'a'.repeat(64),
      createdAt: '2026-11-27T09:00:00.000Z',
      createdBy: person,
      approvers: [{ id: SIGNED_IN_USER.id, email: SIGNED_IN_USER.email, name: 'Someone Else' }],
    },
    snapshot: {
      overview: { name: 'Spring Sale', currency: 'EUR', startDate: '2027-03-01', endDate: '2027-03-24' },
      budget: {},
      audience: {
        locations: ['DE'],
        ageMin: 18,
        ageMax: 65,
        genders: [],
        languages: [],
        interests: { meta: ['6003', '6004'] },
      },
      totals: { plannedMinor: 150_000 },
      platforms: [],
      lineItems: [flight],
      ads: [],
    },
    context: {
      customerName: 'Acme Outdoor',
      objective: 'Traffic',
      budget: null,
      assets: [],
      isCurrent: true,
      interestNames: NAMES,
    },
    sinceApproved,
  };
}

function serve(sinceApproved: unknown) {
  const respond = signedInPage({ [`/api/campaigns/${ID}/revisions/3`]: review(sinceApproved) });
  stubFetch((request) => respond(request) ?? json({ message: 'Not found' }, { status: 404 }));
}

describe('the review says what changed since the last approved revision', () => {
  it('lists the changed line item and totals, old → new, and links to the comparison', async () => {
    serve({
      number: 2,
      interestNames: NAMES,
      diff: {
        overview: [{ field: 'endDate', before: '2027-03-31', after: '2027-03-24' }],
        budget: [],
        audience: [{ field: 'interests', before: { meta: ['6003'] }, after: { meta: ['6003', '6004'] } }],
        totals: [{ field: 'plannedMinor', before: 100_000, after: 150_000 }],
        platforms: nothing,
        lineItems: {
          ...nothing,
          changed: [
            {
              key: 'f-1',
              before: { ...flight, endDate: '2027-03-31', amountMinor: 100_000 },
              after: flight,
              changes: [
                { field: 'amountMinor', before: 100_000, after: 150_000 },
                { field: 'endDate', before: '2027-03-31', after: '2027-03-24' },
              ],
            },
          ],
        },
        ads: nothing,
      },
    });
    renderApp(`/campaigns/${ID}/revisions/3`);
    const section = await screen.findByRole('region', { name: 'What changed since revision 2 (approved)' });
    const lineItems = within(section).getByRole('region', { name: 'Line items' });
    expect(within(lineItems).getByRole('heading', { level: 3, name: 'Line items' })).toBeInTheDocument();
    expect(lineItems).toHaveTextContent('Changed');
    expect(lineItems).toHaveTextContent('€1,000→ changed to €1,500');
    expect(within(section).getByRole('region', { name: 'Totals' })).toHaveTextContent(
      'Planned€1,000→ changed to €1,500+€500',
    );
    // The client reads the interests by the names the platforms gave them, here and in the audience.
    expect(within(section).getByRole('region', { name: 'Audience' })).toHaveTextContent(
      'Interests on MetaTravel→ changed to Travel, Beaches',
    );
    expect(screen.getByText('Meta: Travel, Beaches')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Compare the two' })).toHaveAttribute(
      'href',
      `/campaigns/${ID}/revisions/2/compare/3`,
    );
  });

  it('says nothing changed when the plan is the approved one, and shows nothing when none was approved', async () => {
    serve({
      number: 2,
      interestNames: {},
      diff: {
        overview: [],
        budget: [],
        audience: [],
        totals: [],
        platforms: nothing,
        lineItems: nothing,
        ads: nothing,
      },
    });
    renderApp(`/campaigns/${ID}/revisions/3`);
    const section = await screen.findByRole('region', { name: 'What changed since revision 2 (approved)' });
    expect(section).toHaveTextContent('Nothing: this is the plan revision 2 approved.');
    cleanup();
    serve(null);
    renderApp(`/campaigns/${ID}/revisions/3`);
    await screen.findByRole('heading', { level: 1, name: 'Spring Sale' });
    expect(screen.queryByRole('region', { name: /What changed since/ })).not.toBeInTheDocument();
  });
});

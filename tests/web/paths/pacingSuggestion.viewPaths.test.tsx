/**
 * The `pacingSuggestion` chart's generated paths, replayed on the real campaign page (issue 28): the Delivery
 * card of a live campaign whose Meta flight underpaces while Google delivers suggests moving Meta's unspent
 * money to Google. “Move it” loads the plan and sends PUT /planning/wizard/{id}/platforms with the new split
 * (held until the path answers it); done, the wizard's review of the change opens.
 */
import '../support/matchers';
import type { Pacing } from '@contract/pacing';
import { getChart } from '@machines';
import type { PacingSuggestionContext } from '@machines/pacingSuggestion';
import { SAMPLE_LIVE_PLAN } from '@machines/planning/planningWizard/planningWizard.samples';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, type SeenRequest, signedInPage } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'active', platforms: ['meta', 'google'] });
const OBJECTIVES = [{ id: 1, label: 'Awareness', icon: 'megaphone' }];

const pacing = (figures: Partial<Pacing>): Pacing => ({
  periodStart: '2026-06-01',
  periodEnd: '2026-06-30',
  today: '2026-06-11',
  amountMinor: 400_000,
  bookedMinor: 400_000,
  spentMinor: 0,
  remainingMinor: 400_000,
  idealToDateMinor: 133_333,
  ratio: 0,
  status: 'on_track',
  thresholds: { underPercent: 15, overPercent: 15 },
  forecastEndMinor: 0,
  completeDays: 10,
  periodDays: 30,
  series: [],
  ...figures,
});
const totals = {
  impressions: 0,
  reach: 0,
  clicks: 0,
  spendMinor: 0,
  conversions: 0,
  costPerConversionMinor: null,
};
/** Meta: €500 of €1,333.33 to date, on course for €2,800 of €4,000; Google on plan. */
const DELIVERY = {
  campaign: { id: CAMPAIGN.id, name: CAMPAIGN.name, currency: 'EUR', status: 'active' },
  today: '2026-06-11',
  totals,
  platforms: [
    { platformKey: 'meta', totals },
    { platformKey: 'google', totals },
  ],
  flights: [
    {
      id: 'f-meta',
      platformKey: 'meta',
      position: 0,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      amountMinor: 400_000,
      pacing: pacing({ spentMinor: 50_000, ratio: 0.375, status: 'underpacing', forecastEndMinor: 280_000 }),
    },
    {
      id: 'f-google',
      platformKey: 'google',
      position: 1,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      amountMinor: 400_000,
      pacing: pacing({ spentMinor: 133_000, ratio: 1, status: 'on_track', forecastEndMinor: 400_000 }),
    },
  ],
  daily: [{ date: '2026-06-01', spendMinor: 10_000 }],
};
const allocation = (amountMinor: number) => ({ amountMinor, bidStrategy: 'lowest_cost', costCapMinor: null });
const PLAN = {
  ...SAMPLE_LIVE_PLAN,
  campaign: {
    ...SAMPLE_LIVE_PLAN.campaign,
    id: CAMPAIGN.id,
    budgetMinor: 800_000,
    version: 7,
    startDate: '2026-06-01',
    endDate: '2099-12-31',
  },
  platforms: ['meta', 'google'],
  allocations: { meta: allocation(400_000), google: allocation(400_000) },
  flights: ['meta', 'google'].map((platform) => ({
    id: `flight-${platform}`,
    platform,
    startDate: '2026-06-01',
    endDate: '2099-12-31',
    amountMinor: 400_000,
    pacing: 'even' as const,
    bookingId: null,
    bookingStatus: null,
  })),
};
const SAVE = (r: SeenRequest) => r.method === 'PUT' && r.path === `/planning/wizard/${CAMPAIGN.id}/platforms`;
const SCHEDULE = (r: SeenRequest) =>
  r.method === 'PUT' && r.path === `/planning/wizard/${CAMPAIGN.id}/schedule`;

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
}

const context = (state: { context: unknown }) => state.context as PacingSuggestionContext;
const suggestion = () => screen.queryByRole('region', { name: 'Move €1,200.00 from Meta to Google Ads' });
const panel = () => within(suggestion()!);

describeViewPathTests<PageView>({
  chart: getChart('pacingSuggestion'),
  compareContext: ({ error }: PacingSuggestionContext) => ({ error }),
  async render() {
    const server = heldServer({
      hold: (r) => SAVE(r) || SCHEDULE(r),
      answer: signedInPage({
        [`/api/campaigns/${CAMPAIGN.id}`]: CAMPAIGN,
        [`/api/campaigns/${CAMPAIGN.id}/delivery`]: DELIVERY,
        [`/planning/wizard/${CAMPAIGN.id}`]: PLAN,
        '/api/objectives': OBJECTIVES,
      }),
    });
    const { location } = renderApp(`/campaigns/${CAMPAIGN.id}`);
    await screen.findByRole('region', { name: 'Move €1,200.00 from Meta to Google Ads' });
    return { server, user: userEvent.setup({ delay: null }), location };
  },
  events: {
    'suggestion.accept': ({ user }) =>
      user.click(panel().getByRole('button', { name: 'Move €1,200.00 to Google Ads' })),
    'suggestion.dismiss': ({ user }) => user.click(panel().getByRole('button', { name: 'Not now' })),
    'error.dismiss': ({ user }) => user.click(panel().getByRole('button', { name: 'Dismiss' })),
    'xstate.done.actor.applySuggestion': async ({ server }) => {
      const request = await server.respond(
        SAVE,
        json({ ...PLAN, campaign: { ...PLAN.campaign, version: 8 } }),
      );
      // The plan's split with €1,200 moved from Meta to Google, on the plan's version, the total unchanged.
      expect(request.body).toEqual({
        version: 7,
        platforms: ['meta', 'google'],
        budgetMinor: 800_000,
        splitMode: 'amount',
        allocations: { meta: allocation(280_000), google: allocation(520_000) },
      });
      // The running flights follow the split, on the saved plan's version.
      const schedule = await server.respond(
        SCHEDULE,
        json({ ...PLAN, campaign: { ...PLAN.campaign, version: 9 } }),
      );
      expect(schedule.body).toMatchObject({
        version: 8,
        flights: [
          { id: 'flight-meta', amountMinor: 280_000 },
          { id: 'flight-google', amountMinor: 520_000 },
        ],
      });
    },
    'xstate.error.actor.applySuggestion': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
  },
  states: {
    offered: async (_view, { state }) => {
      const { error } = context(state);
      await waitFor(() =>
        expect(panel().getByRole('button', { name: 'Move €1,200.00 to Google Ads' })).not.toBeDisabled(),
      );
      expect(suggestion()).toHaveTextContent(
        'Meta is underpacing: at its recent daily spend it will leave about €1,200.00 unspent.',
      );
      if (error) expect(panel().getByRole('alert')).toHaveTextContent(error);
      else expect(panel().queryByRole('alert')).not.toBeInTheDocument();
    },
    applying: async () => {
      await waitFor(() => expect(panel().getByRole('button', { name: 'Saving the change…' })).toBeDisabled());
    },
    opened: async ({ location }) => {
      await waitFor(() => expect(location()).toBe(`/planning/wizard/${CAMPAIGN.id}/review`));
    },
    dismissed: async () => {
      await waitFor(() => expect(suggestion()).toBeNull());
      expect(screen.getByRole('region', { name: 'Delivery' })).toBeInTheDocument();
    },
  },
});

/**
 * The `campaignDelivery` chart's generated paths, replayed on the real campaign page (/campaigns/:id): the
 * "Delivery" card loads GET /api/campaigns/{id}/delivery (held by the fake server until a path step
 * answers it) and shows each flight's pacing and the delivery by platform.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { CampaignDelivery, CampaignDeliveryContext } from '@machines/campaignDelivery';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { campaign, json, signedInPage } from '../support/fakeApi';
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

const CAMPAIGN = campaign({ name: 'Spring Launch', status: 'active', platforms: ['meta'] });
const OBJECTIVES = [{ id: 1, label: 'Awareness', icon: 'megaphone' }];
const DELIVERY = `/api/campaigns/${CAMPAIGN.id}/delivery`;

/** What the page shows for each pacing status. */
const LABELS: Record<string, string> = {
  not_started: 'Not started',
  too_early: 'Too early',
  on_track: 'On track',
  underpacing: 'Underpacing',
  overpacing: 'Overpacing',
  ended: 'Ended',
};
const euros = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' })
    .format(minor / 100)
    .replace(/\.00$/, '');

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const card = () => screen.getByRole('region', { name: 'Delivery' });
const context = (state: { context: unknown }) => state.context as CampaignDeliveryContext;
const rowsOf = (name: string) =>
  within(within(card()).getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

/** Each flight: platform, planned, spent to date, even spend to date and its status in words. */
function expectFlights(delivery: CampaignDelivery) {
  expect(rowsOf('Flights').map((cells) => [cells[0], cells[2], cells[3], cells[4], cells[5]])).toEqual(
    delivery.flights.map((flight) => [
      'Meta',
      euros(flight.amountMinor),
      euros(flight.pacing.spentMinor),
      euros(flight.pacing.idealToDateMinor),
      LABELS[flight.pacing.status],
    ]),
  );
}

describeViewPathTests<PageView>({
  chart: getChart('campaignDelivery'),
  compareContext: ({ delivery, error }: CampaignDeliveryContext) => ({
    days: delivery?.daily.length ?? null,
    failed: error !== null,
  }),
  async render() {
    const server = heldServer({
      hold: (request) => request.path === DELIVERY,
      answer: signedInPage({ [`/api/campaigns/${CAMPAIGN.id}`]: CAMPAIGN, '/api/objectives': OBJECTIVES }),
    });
    renderApp(`/campaigns/${CAMPAIGN.id}`);
    await screen.findByRole('region', { name: 'Delivery' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadDelivery': ({ server }, { event }) => server.respond(DELIVERY, json(event.output)),
    'xstate.error.actor.loadDelivery': ({ server }, { event }) =>
      server.answerWith(DELIVERY, { error: event.error }),
    'delivery.retry': ({ user }) =>
      user.click(within(card()).getByRole('button', { name: 'Try again to load the delivery' })),
  },
  states: {
    loading: () => {
      expect(within(card()).getByText('Loading…')).toBeInTheDocument();
      expect(card()).toHaveAttribute('aria-busy', 'true');
    },
    empty: async (_view, { state }) => {
      await within(card()).findByText('No platform has reported delivery for this campaign yet.');
      expectFlights(context(state).delivery!);
      expect(within(card()).queryByRole('table', { name: 'By platform' })).not.toBeInTheDocument();
    },
    shown: async (_view, { state }) => {
      const delivery = context(state).delivery!;
      await within(card()).findByRole('table', { name: 'By platform' });
      expectFlights(delivery);
      const { totals } = delivery;
      const counts = [
        euros(totals.spendMinor),
        totals.impressions.toLocaleString(),
        totals.clicks.toLocaleString(),
        totals.conversions.toLocaleString(),
        euros(totals.costPerConversionMinor!),
      ];
      expect(rowsOf('By platform')).toEqual([
        ['Meta', ...counts],
        ['Total', ...counts],
      ]);
    },
    failed: async (_view, { state }) => {
      const { error } = context(state);
      const alert = await within(card()).findByRole('alert');
      const status = (error as { status?: unknown }).status;
      expect(alert).toHaveTextContent(
        typeof status === 'number' ? (error as { message: string }).message : NETWORK_ERROR_MESSAGE,
      );
      expect(screen.getByRole('region', { name: 'Campaign details' })).toBeInTheDocument();
    },
  },
});

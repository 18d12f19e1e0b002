import { computePacing, deliveryTotals } from '@contract/pacing';
import { defineChart } from '../chart';
import { campaignDeliveryMachine } from './campaignDelivery.machine';
import type { CampaignDelivery, CampaignDeliveryContext } from './campaignDelivery.types';

const day = { impressions: 10_000, reach: 8_000, clicks: 120, spendMinor: 5_000, conversions: 4 };

/** A campaign with one Meta flight, delivered on `days` days. */
export const sampleDelivery = (days: number): CampaignDelivery => {
  const daily = Array.from({ length: days }, (_, i) => ({
    date: `2030-06-0${i + 1}`,
    spendMinor: day.spendMinor,
  }));
  const totals = deliveryTotals(daily.map(() => day));
  return {
    campaign: { id: 'c1', name: 'Spring Launch', currency: 'EUR', status: 'active' },
    today: '2030-06-06',
    totals,
    platforms: [{ platformKey: 'meta', totals }],
    flights: [
      {
        id: 'f1',
        platformKey: 'meta',
        position: 0,
        startDate: '2030-06-01',
        endDate: '2030-06-30',
        amountMinor: 150_000,
        pacing: computePacing({
          amountMinor: 150_000,
          periodStart: '2030-06-01',
          periodEnd: '2030-06-30',
          today: '2030-06-06',
          dailySpend: daily,
          bookedMinor: 150_000,
        }),
      },
    ],
    daily,
  };
};

const summarize = (context: CampaignDeliveryContext) => ({
  days: context.delivery?.daily.length ?? null,
  failed: context.error !== null,
});

export const campaignDeliveryChart = defineChart({
  name: 'campaignDelivery',
  title: 'Campaign delivery',
  machine: campaignDeliveryMachine,
  description: campaignDeliveryMachine.root.description ?? '',
  input: { campaignId: 'c1' },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'delivery.retry' },
    { type: 'xstate.done.actor.loadDelivery', output: sampleDelivery(5) },
    { type: 'xstate.done.actor.loadDelivery', output: sampleDelivery(0) },
    {
      type: 'xstate.error.actor.loadDelivery',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
  ],
});

import { assign, fromPromise, setup } from 'xstate';
import type {
  CampaignDelivery,
  CampaignDeliveryContext,
  CampaignDeliveryEvent,
  CampaignDeliveryInput,
  LoadDeliveryInput,
} from './campaignDelivery.types';

/** Nothing delivered yet: no platform has reported a day. */
export const isDeliveryEmpty = (delivery: CampaignDelivery) => delivery.daily.length === 0;

export const campaignDeliveryMachine = setup({
  types: {
    context: {} as CampaignDeliveryContext,
    events: {} as CampaignDeliveryEvent,
    input: {} as CampaignDeliveryInput,
  },
  actors: {
    /** GET /api/campaigns/{id}/delivery; `src/` provides it. Rejects with an ApiError. */
    loadDelivery: fromPromise<CampaignDelivery, LoadDeliveryInput>(async () => {
      throw new Error('not provided: loadDelivery');
    }),
  },
  guards: {
    isEmpty: (_, params: { output: CampaignDelivery }) => isDeliveryEmpty(params.output),
  },
  actions: {
    /** Keeps the loaded delivery (from loadDelivery's done event). */
    setDelivery: assign(({ event }) => ({
      delivery: (event as unknown as { output: CampaignDelivery }).output,
      error: null,
    })),
    /** Keeps why the load failed (from loadDelivery's error event). */
    setError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
  },
}).createMachine({
  id: 'campaignDelivery',
  description:
    "Shows what a campaign has delivered: each flight's planned amount against its spend with its pacing status, and delivery by platform.",
  context: ({ input }) => ({ campaignId: input.campaignId, delivery: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "The campaign's delivery is being loaded.",
      invoke: {
        id: 'loadDelivery',
        src: 'loadDelivery',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => event },
            target: 'empty',
            actions: 'setDelivery',
          },
          { target: 'shown', actions: 'setDelivery' },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    empty: {
      description: 'No platform has reported delivery yet: the flights show their plan with nothing spent.',
    },
    shown: {
      description:
        'Each flight: planned, spent to date and its pacing status; then spend, impressions, clicks, conversions and cost per conversion by platform, with the totals.',
    },
    failed: {
      description:
        "The delivery could not be loaded; the rest of the campaign's page still shows, and the user can try again.",
      on: { 'delivery.retry': { target: 'loading' } },
    },
  },
});

export type CampaignDeliveryMachine = typeof campaignDeliveryMachine;

import { assign, fromPromise, setup } from 'xstate';
import { type LoadDone, loadStates } from '../shared/loadStates';
import type {
  CampaignDelivery,
  CampaignDeliveryContext,
  CampaignDeliveryEvent,
  CampaignDeliveryInput,
  LoadDeliveryInput,
} from './campaignDelivery.types';

/** Nothing delivered yet: no platform has reported a day. */
export const isDeliveryEmpty = (delivery: CampaignDelivery) => delivery.daily.length === 0;

/** Loading the delivery, and trying again when it failed. */
const deliveryLoad = loadStates({
  actor: 'loadDelivery',
  input: (context: CampaignDeliveryContext) => ({ campaignId: context.campaignId }),
  descriptions: {
    loading: "The campaign's delivery is being loaded.",
    failed:
      "The delivery could not be loaded; the rest of the campaign's page still shows, and the user can try again.",
  },
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: LoadDone<CampaignDelivery>) => event },
      target: 'empty',
      actions: 'setDelivery',
    },
    { target: 'shown', actions: 'setDelivery' },
  ],
  failAction: 'setError',
  retry: { event: 'delivery.retry' },
});

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
    loading: deliveryLoad.loading,
    empty: {
      description: 'No platform has reported delivery yet: the flights show their plan with nothing spent.',
    },
    shown: {
      description:
        'Each flight: planned, spent to date and its pacing status; then spend, impressions, clicks, conversions and cost per conversion by platform, with the totals.',
    },
    failed: deliveryLoad.failed,
  },
});

export type CampaignDeliveryMachine = typeof campaignDeliveryMachine;

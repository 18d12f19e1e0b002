import {
  type CampaignDelivery,
  type CampaignDeliveryView,
  campaignDeliveryMachine,
  connectCampaignDelivery,
  type LoadDeliveryInput,
} from '@machines/campaignDelivery';
import { loadCampaignDelivery } from '@src/api/pacing';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** What the delivery card shows, with its command (retry). */
export type CampaignDeliveryModel = CampaignDeliveryView;

/** The campaign page's delivery card: the campaignDelivery machine bound to the API. */
export function useCampaignDelivery(
  campaignId: string,
  load: (campaignId: string) => Promise<CampaignDelivery> = loadCampaignDelivery,
): CampaignDeliveryModel {
  const actorRef = useActorRef(
    campaignDeliveryMachine.provide({
      actors: {
        loadDelivery: fromPromise<CampaignDelivery, LoadDeliveryInput>(({ input }) => load(input.campaignId)),
      },
    }),
    { input: { campaignId } },
  );
  const view = useSelector(
    actorRef,
    (snapshot) => connectCampaignDelivery(snapshot, actorRef.send),
    (a, b) => a.phase === b.phase && a.delivery === b.delivery && a.errorMessage === b.errorMessage,
  );
  return view;
}

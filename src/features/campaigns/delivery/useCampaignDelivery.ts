import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import {
  type CampaignDelivery,
  type CampaignDeliveryView,
  campaignDeliveryMachine,
  connectCampaignDelivery,
  type LoadDeliveryInput,
} from '../../../../machines/campaignDelivery';
import { loadCampaignDelivery } from '../../../api/pacing';
import { useActorRef } from '../../../ui/actorRef';

export type CampaignDeliveryModel = CampaignDeliveryView & { retry: () => void };

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
    connectCampaignDelivery,
    (a, b) => a.phase === b.phase && a.delivery === b.delivery && a.errorMessage === b.errorMessage,
  );
  const retry = useCallback(() => actorRef.send({ type: 'delivery.retry' }), [actorRef]);
  return { ...view, retry };
}

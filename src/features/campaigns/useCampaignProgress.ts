import { CampaignDetailSchema } from '@contract/campaigns';
import {
  type CampaignProgressView,
  campaignProgressMachine,
  connectCampaignProgress,
  type LoadDetailInput,
  type ProgressDetail,
} from '@machines/campaignProgress';
import { requestJson } from '@src/api/http';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** GET /data/campaigns/detail?campaignId=… (rejects with an ApiError). */
export function fetchCampaignProgress(campaignId: string): Promise<ProgressDetail> {
  return requestJson('GET', 'data/campaigns/detail', CampaignDetailSchema, { searchParams: { campaignId } });
}

/** What the progress section shows, with its commands (retry, refresh). */
export type CampaignProgress = CampaignProgressView;

/** The campaign page's per-platform progress: the campaignProgress machine bound to the API. */
export function useCampaignProgress(
  campaignId: string,
  load: (campaignId: string) => Promise<ProgressDetail> = fetchCampaignProgress,
): CampaignProgress {
  const actorRef = useActorRef(
    campaignProgressMachine.provide({
      actors: {
        loadDetail: fromPromise<ProgressDetail, LoadDetailInput>(({ input }) => load(input.campaignId)),
      },
    }),
    { input: { campaignId } },
  );
  const view = useSelector(
    actorRef,
    (snapshot) => connectCampaignProgress(snapshot, actorRef.send),
    (a, b) => a.phase === b.phase && a.detail === b.detail && a.errorMessage === b.errorMessage,
  );
  return view;
}

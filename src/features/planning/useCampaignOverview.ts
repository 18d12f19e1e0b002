import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { CampaignOverviewResultSchema } from '../../../contract/campaigns';
import {
  type CampaignOverviewRequest,
  type CampaignOverviewSaved,
  campaignOverviewMachine,
  connectCampaignOverview,
} from '../../../machines/campaignOverview';
import { requestJson } from '../../api/http';
import { useActorRef } from '../../ui/actorRef';
import { useChartNavigation } from '../../ui/useChartNavigation';

/** The overview chart with its one side effect: POST /planning/wizard/new/overview (201 → the draft's id). */
const machine = campaignOverviewMachine.provide({
  actors: {
    saveOverview: fromPromise<CampaignOverviewSaved, CampaignOverviewRequest>(({ input }) =>
      requestJson('POST', 'planning/wizard/new/overview', CampaignOverviewResultSchema, { json: input }),
    ),
  },
});

/**
 * Binds the `campaignOverview` chart to the API and the router: `objectiveId` (from `?objective=`) is
 * preselected; once saved, the chart asks for the review step and the router goes there.
 */
export function useCampaignOverview(objectiveId: number) {
  const actorRef = useActorRef(machine, { input: { objectiveId } });
  const view = useSelector(actorRef, (snapshot) => connectCampaignOverview(snapshot, actorRef.send));

  useChartNavigation(actorRef);

  return view;
}

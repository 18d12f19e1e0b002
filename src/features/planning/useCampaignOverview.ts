import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
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
  const navigate = useNavigate();
  const actorRef = useActorRef(machine, { input: { objectiveId } });
  const view = useSelector(actorRef, (snapshot) => connectCampaignOverview(snapshot, actorRef.send));

  useEffect(() => {
    const subscription = actorRef.on('navigate', (event) => navigate(event.to));
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  return view;
}

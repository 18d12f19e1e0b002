import { PauseCampaignResultSchema } from '@contract/campaigns';
import { STEP_UP_HEADER } from '@contract/stepUp';
import {
  connectPlacementToggle,
  type PlacementRequest,
  type PlacementToggleView,
  placementToggleMachine,
} from '@machines/placementToggle';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { requestJson } from '@src/api/http';
import { requestStepUp } from '@src/api/stepUp';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';

/**
 * POST /api/campaigns/{id}/platforms/{platformKey}/pause|resume (202): the campaign on one platform. A
 * verified step-up token (resuming) goes in X-Step-Up-Token; rejects with the ApiError of a refusal.
 */
export function sendPlacementToggle({
  request,
  stepUpToken,
}: {
  request: PlacementRequest;
  stepUpToken: string | null;
}): Promise<unknown> {
  const { campaignId, platformKey, action } = request;
  return requestJson(
    'POST',
    `api/campaigns/${encodeURIComponent(campaignId)}/platforms/${encodeURIComponent(platformKey)}/${action}`,
    PauseCampaignResultSchema,
    { json: {}, headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {} },
  );
}

const machine = placementToggleMachine.provide({
  actors: {
    sendToggle: provideStepUpConfirmation<PlacementRequest>({
      send: sendPlacementToggle,
      confirmIdentity: requestStepUp,
    }),
  },
});

/**
 * The campaign page's per-platform Pause and Resume: the placementToggle chart bound to the API; `onSent`
 * runs once the server took a request (the page then follows the campaign while the job runs).
 */
export function usePlacementToggle(campaignId: string, onSent: () => void): PlacementToggleView {
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  const actorRef = useActorRef(machine, { input: { campaignId } });
  useEffect(() => {
    const sent = actorRef.on('placement.sent', () => onSentRef.current());
    return () => sent.unsubscribe();
  }, [actorRef]);
  const snapshot = useSelector(actorRef, (current) => current);
  return connectPlacementToggle(snapshot, actorRef.send);
}

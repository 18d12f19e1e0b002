import {
  type ApplyRequest,
  connectLiveChange,
  type LiveChangeView,
  liveChangeMachine,
} from '@machines/liveChange';
import { provideStepUpConfirmation } from '@machines/stepUpConfirmation';
import { applyPlanChange, loadPlanChange } from '@src/api/liveChange';
import { requestStepUp } from '@src/api/stepUp';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = liveChangeMachine.provide({
  actors: {
    loadChange: fromPromise(({ input }) => loadPlanChange(input.campaignId)),
    applyChange: provideStepUpConfirmation<ApplyRequest>({
      send: ({ request, stepUpToken }) => applyPlanChange(request.campaignId, request.hash, stepUpToken),
      confirmIdentity: requestStepUp,
    }),
  },
});

/**
 * The live change card's chart bound to the API and the step-up dialog. The card lives on the review step
 * only, so every visit after an edit elsewhere reads the change afresh.
 */
export function useLiveChange(campaignId: string): LiveChangeView {
  const actorRef = useActorRef(machine, { input: { campaignId } });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(() => connectLiveChange(snapshot, (event) => actorRef.send(event)), [snapshot, actorRef]);
}

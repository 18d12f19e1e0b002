import type { PreflightCheck } from '@contract/planning';
import {
  connectPlanningPreflight,
  type LoadPreflightInput,
  type PlanningPreflightView,
  planningPreflightMachine,
} from '@machines/planning/planningPreflight';
import { loadPreflight } from '@src/api/planning';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** The review's pre-flight checks: the planningPreflight chart bound to the API. */
export function usePlanningPreflight(
  campaignId: string,
  load: (campaignId: string) => Promise<PreflightCheck[]> = loadPreflight,
): PlanningPreflightView {
  const actorRef = useActorRef(
    planningPreflightMachine.provide({
      actors: {
        loadPreflight: fromPromise<PreflightCheck[], LoadPreflightInput>(({ input }) =>
          load(input.campaignId),
        ),
      },
    }),
    { input: { campaignId } },
  );
  return useSelector(
    actorRef,
    (snapshot) => connectPlanningPreflight(snapshot, actorRef.send),
    (a, b) => a.phase === b.phase && a.checks === b.checks,
  );
}

import type { PacingSuggestion } from '@contract/pacing';
import {
  type ApplySuggestionInput,
  connectPacingSuggestion,
  type PacingSuggestionView,
  pacingSuggestionMachine,
} from '@machines/pacingSuggestion';
import { applyPacingSuggestion } from '@src/api/pacing';
import { usePermission } from '@src/api/session/permission';
import { useActorRef } from '@src/ui/actorRef';
import { useChartNavigation } from '@src/ui/useChartNavigation';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

const machine = pacingSuggestionMachine.provide({
  actors: {
    applySuggestion: fromPromise<unknown, ApplySuggestionInput>(({ input }) =>
      applyPacingSuggestion(input.campaignId, input.suggestion),
    ),
  },
});

/** The campaign page's pacing suggestion: the pacingSuggestion chart bound to the API and the router. */
export function usePacingSuggestion(input: {
  campaignId: string;
  currency: string;
  suggestion: PacingSuggestion;
}): PacingSuggestionView {
  const permission = usePermission('campaigns.plan');
  const actorRef = useActorRef(machine, {
    input: { ...input, canApply: permission.allowed, applyRefusal: permission.reason },
  });
  useChartNavigation(actorRef);
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectPacingSuggestion(snapshot, (event) => actorRef.send(event)),
    [snapshot, actorRef],
  );
}

import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import {
  type BudgetPacing,
  type BudgetPacingView,
  budgetPacingMachine,
  connectBudgetPacing,
  type LoadPacingInput,
} from '../../../../machines/budgetPacing';
import { loadBudgetPacing } from '../../../api/pacing';
import { useActorRef } from '../../../ui/actorRef';

export type BudgetPacingCardModel = BudgetPacingView & {
  retry: () => void;
  showForecast: () => void;
  hideForecast: () => void;
};

/** The budget page's pacing card: the budgetPacing machine bound to the API. */
export function useBudgetPacing(
  budgetId: string,
  load: (budgetId: string) => Promise<BudgetPacing> = loadBudgetPacing,
): BudgetPacingCardModel {
  const actorRef = useActorRef(
    budgetPacingMachine.provide({
      actors: {
        loadPacing: fromPromise<BudgetPacing, LoadPacingInput>(({ input }) => load(input.budgetId)),
      },
    }),
    { input: { budgetId } },
  );
  const view = useSelector(
    actorRef,
    connectBudgetPacing,
    (a, b) =>
      a.phase === b.phase &&
      a.pacing === b.pacing &&
      a.forecastShown === b.forecastShown &&
      a.errorMessage === b.errorMessage,
  );
  const retry = useCallback(() => actorRef.send({ type: 'pacing.retry' }), [actorRef]);
  const showForecast = useCallback(() => actorRef.send({ type: 'forecast.show' }), [actorRef]);
  const hideForecast = useCallback(() => actorRef.send({ type: 'forecast.hide' }), [actorRef]);
  return { ...view, retry, showForecast, hideForecast };
}

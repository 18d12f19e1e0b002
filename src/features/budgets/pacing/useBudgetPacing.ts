import {
  type BudgetPacing,
  type BudgetPacingView,
  budgetPacingMachine,
  connectBudgetPacing,
  type LoadPacingInput,
} from '@machines/budgetPacing';
import { loadBudgetPacing } from '@src/api/pacing';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** What the pacing card shows, with its commands (retry, show / hide the forecast). */
export type BudgetPacingCardModel = BudgetPacingView;

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
    (snapshot) => connectBudgetPacing(snapshot, actorRef.send),
    (a, b) =>
      a.phase === b.phase &&
      a.pacing === b.pacing &&
      a.forecastShown === b.forecastShown &&
      a.errorMessage === b.errorMessage,
  );
  return view;
}

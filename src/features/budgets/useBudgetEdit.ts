import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Budget } from '../../../contract/resources';
import { budgetEditMachine, connectBudgetEdit, type SaveBudgetInput } from '../../../machines/budgetEdit';
import { dataProvider } from '../../api/dataProvider';
import { useActorRef } from '../../ui/actorRef';
import { useChartNavigation } from '../../ui/useChartNavigation';

/** The budget edit chart with its one side effect: PATCH /api/budgets/:id. */
const machine = budgetEditMachine.provide({
  actors: {
    saveBudget: fromPromise<unknown, SaveBudgetInput>(
      async ({ input }) =>
        (await dataProvider.update({ resource: 'budgets', id: input.budgetId, variables: input.changes }))
          .data,
    ),
  },
});

/** Binds the `budgetEdit` chart to the API and the router: it starts from `budget`, and goes back to it once saved. */
export function useBudgetEdit(budget: Budget) {
  const actorRef = useActorRef(machine, { input: { budget } });
  const view = useSelector(actorRef, (snapshot) => connectBudgetEdit(snapshot, actorRef.send));

  useChartNavigation(actorRef);

  return view;
}

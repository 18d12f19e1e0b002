import type { Budget } from '@contract/resources';
import {
  budgetFormMachine,
  connectBudgetForm,
  type SaveBudgetInput,
  type SubmitBudgetInput,
} from '@machines/budgetForm';
import { dataProvider } from '@src/api/dataProvider';
import { useActorRef } from '@src/ui/actorRef';
import { useChartNavigation } from '@src/ui/useChartNavigation';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** The budget form in its edit mode, with its one side effect: PATCH /api/budgets/:id. */
const machine = budgetFormMachine.provide({
  actors: {
    submitBudget: fromPromise<unknown, SubmitBudgetInput>(async ({ input }) => {
      const { budgetId, changes } = input as SaveBudgetInput;
      return (await dataProvider.update({ resource: 'budgets', id: budgetId, variables: { ...changes } }))
        .data;
    }),
  },
});

/** Binds the `budgetForm` chart (edit mode, registry name `budgetEdit`) to the API and the router: it starts from `budget`, and goes back to it once saved. */
export function useBudgetEdit(budget: Budget) {
  const actorRef = useActorRef(machine, { input: { mode: 'edit', budget } });
  const view = useSelector(actorRef, (snapshot) => connectBudgetForm(snapshot, actorRef.send));

  useChartNavigation(actorRef);

  return view;
}

import {
  type BudgetCreateInput,
  budgetFormMachine,
  connectBudgetForm,
  type NewBudgetBody,
  type SubmitBudgetInput,
} from '@machines/budgetForm';
import { dataProvider } from '@src/api/dataProvider';
import { useActorRef } from '@src/ui/actorRef';
import { useChartNavigation } from '@src/ui/useChartNavigation';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

/** The budget form in its create mode, with its one side effect: POST /api/budgets. */
const machine = budgetFormMachine.provide({
  actors: {
    submitBudget: fromPromise<unknown, SubmitBudgetInput>(
      async ({ input }) =>
        (await dataProvider.create({ resource: 'budgets', variables: { ...(input as NewBudgetBody) } })).data,
    ),
  },
});

/** Binds the `budgetForm` chart (create mode, registry name `budgetCreate`) to the API and the router. */
export function useBudgetCreate(input: Omit<BudgetCreateInput, 'mode'>) {
  const actorRef = useActorRef(machine, { input: { mode: 'create', ...input } });
  const view = useSelector(actorRef, (snapshot) => connectBudgetForm(snapshot, actorRef.send));

  // Back from the new budget goes to the list, not to a form that already did its job.
  useChartNavigation(actorRef, { replace: true });

  return view;
}

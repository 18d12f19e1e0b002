import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  type BudgetCreateInput,
  budgetCreateMachine,
  type CreatedBudget,
  connectBudgetCreate,
  type NewBudgetBody,
} from '../../../machines/budgetCreate';
import { dataProvider } from '../../api/dataProvider';
import { useActorRef } from '../../ui/actorRef';
import { useChartNavigation } from '../../ui/useChartNavigation';

/** The budget create chart with its one side effect: POST /api/budgets. */
const machine = budgetCreateMachine.provide({
  actors: {
    createBudget: fromPromise<CreatedBudget, NewBudgetBody>(
      async ({ input }) => (await dataProvider.create({ resource: 'budgets', variables: { ...input } })).data,
    ),
  },
});

/** Binds the `budgetCreate` chart to the API and the router: once created, on to the new budget's page. */
export function useBudgetCreate(input: BudgetCreateInput) {
  const actorRef = useActorRef(machine, { input });
  const view = useSelector(actorRef, (snapshot) => connectBudgetCreate(snapshot, actorRef.send));

  // Back from the new budget goes to the list, not to a form that already did its job.
  useChartNavigation(actorRef, { replace: true });

  return view;
}

import type { PlanIssues } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import type { PlanningOverviewMachine } from './planningOverview.machine';
import { shownOverviewIssues } from './planningOverview.machine';
import type { Currency, OverviewValues, PlanningOverviewEvent } from './planningOverview.types';

export type PlanningOverviewSnapshot = SnapshotFrom<PlanningOverviewMachine>;

export interface PlanningOverviewView {
  values: OverviewValues;
  /** Messages under the fields, by field. */
  errors: PlanIssues;
  readOnly: boolean;
  changeName(value: string): void;
  changeCustomer(customerId: string): void;
  changeCurrency(currency: Currency): void;
  selectObjective(objectiveId: number): void;
}

export function connectPlanningOverview(
  snapshot: PlanningOverviewSnapshot,
  send: (event: PlanningOverviewEvent) => void,
): PlanningOverviewView {
  return {
    values: snapshot.context.values,
    errors: shownOverviewIssues(snapshot.context),
    readOnly: snapshot.matches('readOnly'),
    changeName: (value) => send({ type: 'field.change', field: 'name', value }),
    changeCustomer: (value) => send({ type: 'field.change', field: 'customerId', value }),
    changeCurrency: (currency) => send({ type: 'currency.change', currency }),
    selectObjective: (objectiveId) => send({ type: 'objective.select', objectiveId }),
  };
}

import { defineChart } from '../../chart';
import {
  SAMPLE_COMPLETE_PLAN,
  SAMPLE_LOCKED_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '../planningWizard/planningWizard.samples';
import { overviewIssues, planningOverviewMachine, shownOverviewIssues } from './planningOverview.machine';
import type { PlanningOverviewContext } from './planningOverview.types';

const summarize = (context: PlanningOverviewContext) => ({
  invalid: Object.keys(overviewIssues(context)).sort(),
  shown: Object.keys(shownOverviewIssues(context)).sort(),
  objectiveId: context.values.objectiveId,
});

export const planningOverviewChart = defineChart({
  name: 'planningOverview',
  title: 'Planning wizard: overview step',
  machine: planningOverviewMachine,
  description: planningOverviewMachine.root.description ?? '',
  input: {
    plan: SAMPLE_COMPLETE_PLAN,
    rules: SAMPLE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
  },
  abstractContext: summarize,
  events: [
    { type: 'field.change', field: 'name', value: '' },
    { type: 'field.change', field: 'name', value: 'Summer push' },
    { type: 'field.change', field: 'customerId', value: '' },
    { type: 'currency.change', currency: 'USD' },
    { type: 'objective.select', objectiveId: 4 },
    { type: 'step.showErrors' },
    { type: 'step.serverErrors', errors: { name: 'Use at most 200 characters' } },
    { type: 'step.saved', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'step.reset', plan: SAMPLE_COMPLETE_PLAN },
    { type: 'step.reset', plan: SAMPLE_LOCKED_PLAN },
  ],
});

export {
  connectPlanningOverview,
  type PlanningOverviewSnapshot,
  type PlanningOverviewView,
} from './planningOverview.connect';
export {
  overviewBody,
  overviewIssues,
  type PlanningOverviewMachine,
  planningOverviewMachine,
  shownOverviewIssues,
} from './planningOverview.machine';
export * from './planningOverview.types';

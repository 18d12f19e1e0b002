export {
  type AudienceEstimateView,
  type AudiencePlatformView,
  connectPlanningAudience,
  type PlanningAudienceSnapshot,
  type PlanningAudienceView,
} from './planningAudience.connect';
export {
  type PlanningAudienceMachine,
  planningAudienceMachine,
  stepChanged,
} from './planningAudience.machine';
export * from './planningAudience.types';
export {
  audienceFromPlan,
  audienceIssues,
  dailyBudgets,
  estimateRequest,
  visibleAudienceErrors,
} from './planningAudience.values';

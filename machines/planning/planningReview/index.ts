export {
  connectPlanningReview,
  type PlanningReviewSnapshot,
  type PlanningReviewView,
  type ReviewStepSummary,
} from './planningReview.connect';
export { type PlanningReviewMachine, planningReviewMachine } from './planningReview.machine';
export * from './planningReview.types';

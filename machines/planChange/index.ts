export {
  connectPlanChange,
  type PlanCardView,
  type PlanChangeSnapshot,
  type PlanChangeView,
  type TrialView,
} from './planChange.connect';
export {
  canChoosePlan,
  losesWhiteLabel,
  type PlanChangeMachine,
  planChangeMachine,
  TRIAL_PLAN_CODE,
} from './planChange.machine';
export * from './planChange.types';

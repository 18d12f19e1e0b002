export {
  connectPlanningPreflight,
  type PlanningPreflightSnapshot,
  type PlanningPreflightView,
} from './planningPreflight.connect';
export { type PlanningPreflightMachine, planningPreflightMachine } from './planningPreflight.machine';
export * from './planningPreflight.types';

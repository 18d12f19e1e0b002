export {
  connectPlanSave,
  type PlanSaveSnapshot,
  type PlanSaveView,
  SAVE_LABELS,
  type SaveStatus,
} from './planSave.connect';
export { type PlanSaveMachine, planSaveMachine } from './planSave.machine';
export * from './planSave.types';

export * from '../stepProtocol';
export {
  connectPlanningWizard,
  type PlanningWizardSnapshot,
  type PlanningWizardView,
  type SaveStatus,
  type WizardStepItem,
} from './planningWizard.connect';
export * from './planningWizard.logic';
export { type PlanningWizardMachine, planningWizardMachine } from './planningWizard.machine';
export * from './planningWizard.types';

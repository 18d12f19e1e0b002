export {
  connectPlanImport,
  type LeftOutLine,
  provenanceOf,
  PLAN_IMPORT_PHASES,
  type PlanImportPhase,
  type PlanImportSnapshot,
  type PlanImportView,
} from './planImport.connect';
export {
  FILE_SIZE_MESSAGE,
  notJsonMessage,
  type PlanImportMachine,
  parseJsonObject,
  planImportMachine,
} from './planImport.machine';
export * from './planImport.types';

export {
  connectPlanImport,
  type LeftOutLine,
  PLAN_IMPORT_PHASES,
  type PlanImportPhase,
  type PlanImportSnapshot,
  type PlanImportView,
  provenanceOf,
} from './planImport.connect';
export {
  FILE_SIZE_MESSAGE,
  notJsonMessage,
  type PlanImportMachine,
  parseJsonObject,
  planImportMachine,
} from './planImport.machine';
export * from './planImport.types';

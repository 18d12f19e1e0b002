export * from './pacingSettings.connect';
export {
  type PacingSettingsMachine,
  pacingSavedNotice,
  pacingSettingsMachine,
  THRESHOLD_FIELDS,
  thresholdProblem,
} from './pacingSettings.machine';
export * from './pacingSettings.types';

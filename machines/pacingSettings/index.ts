export * from './pacingSettings.connect';
export {
  pacingSavedNotice,
  type PacingSettingsMachine,
  pacingSettingsMachine,
  THRESHOLD_FIELDS,
  thresholdProblem,
} from './pacingSettings.machine';
export * from './pacingSettings.types';

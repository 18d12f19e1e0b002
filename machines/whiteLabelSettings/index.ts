export {
  connectWhiteLabelSettings,
  readableTextOn,
  type WhiteLabelPreview,
  type WhiteLabelSettingsSnapshot,
  type WhiteLabelSettingsView,
} from './whiteLabelSettings.connect';
export {
  BRAND_NAME_MAX,
  HEX_MESSAGE,
  isDirtyValues,
  normalizeValues,
  updateRequestOf,
  WHITE_LABEL_RULES,
  type WhiteLabelSettingsMachine,
  whiteLabelSettingsMachine,
} from './whiteLabelSettings.machine';
export * from './whiteLabelSettings.types';

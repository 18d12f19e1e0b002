export {
  type AuthenticatorItem,
  authenticatorDetail,
  connectSecuritySettings,
  type SecuritySettingsSnapshot,
  type SecuritySettingsView,
} from './securitySettings.connect';
export {
  authenticatorName,
  METHOD_NAMES,
  type SecuritySettingsMachine,
  STEP_UP_EXPIRED_MESSAGE,
  securitySettingsMachine,
} from './securitySettings.machine';
export * from './securitySettings.types';

export {
  connectNotificationSettings,
  type NotificationSettingsSnapshot,
  type NotificationSettingsView,
} from './notificationSettings.connect';
export {
  DIGEST_NOTICES,
  type NotificationSettingsMachine,
  notificationSettingsMachine,
} from './notificationSettings.machine';
export * from './notificationSettings.types';

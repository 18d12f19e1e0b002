export {
  connectSsoSettings,
  REQUIRE_SSO_HINT,
  SECRET_SAVED_HINT,
  SSO_SAVED_NOTICE,
  type SsoRoleOption,
  type SsoSettingsSnapshot,
  type SsoSettingsView,
} from './ssoSettings.connect';
export {
  accountsOf,
  CHOOSE_ACCOUNTS_MESSAGE,
  choosesAccounts,
  domainListOf,
  normalizedDomains,
  type SsoSettingsMachine,
  ssoErrors,
  ssoRequestOf,
  ssoRoles,
  ssoSettingsMachine,
  valuesOf,
} from './ssoSettings.machine';
export * from './ssoSettings.types';

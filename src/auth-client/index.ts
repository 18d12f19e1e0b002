/**
 * Step-up authentication client library (spec §5 "Authentication library"): framework-free, talks to the
 * provider API of spec §7 (the built-in `/provider/v1` by default). See docs/step-up.md, "Step-up client
 * library".
 */
export { PERSISTENT_COOKIE_MAX_AGE_DAYS, persistentCookieId } from './anonymousId';
export { AuthClient, createAuthClient } from './client';
export type { VerifyCodeParams } from './codes';
export {
  type AuthClientConfig,
  DEFAULT_ANONYMOUS_ID_COOKIE,
  DEFAULT_BASE_PATH,
  DEFAULT_PROFILING_ID_COOKIE,
  type ProviderRegion,
} from './config';
export type { AuthResult } from './core';
export { type CheckVerificationStatusOptions, MAGIC_LINK_POLL_INTERVAL_MS } from './emailMagicLink';
export { FINGERPRINT_SCRIPT_ID, loadFingerprintScript, PROFILING_ID_ATTRIBUTE } from './fingerprint';
export type { LaunchOptions, LaunchResult, PopupOptions } from './launch';
export {
  AuthClientUsageError,
  CLIENT_ERROR_CODES,
  CLIENT_ERROR_MESSAGES,
  type ClientErrorCode,
  EXPIRED_TOKEN_ERROR_CODE,
  USAGE_ERROR_MESSAGES,
} from './messages';
export type { PasskeySignInParams, PasskeySignUpParams, PreparedCeremony } from './passkey';
export { PASSKEY_MAP_KEY, readPasskeyMap } from './passkeyMap';
export { type AuthError, type AuthResponse, type AuthSuccess, isAuthError } from './result';
export { TOKEN_LIFETIME_MS } from './token';
export { cancelCeremony, isAutofillSupported, isWebAuthnSupported } from './webauthn';

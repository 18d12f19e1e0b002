/**
 * Error codes and texts of the authentication library (spec §5 "Authentication library", §8 error catalogue).
 *
 * Every call of the client answers `{ data }` or `{ error, errorCode, errorDescription }` (see result.ts);
 * the codes below are the client-side ones — the provider adds its own (`invalid_code`, `expired_token`, …).
 */

/** `error` / `errorCode` values produced by the client itself (never sent by the provider). */
export const CLIENT_ERROR_CODES = {
  /** An enrol, challenge or verify call without a token. */
  tokenNotSet: 'TOKEN_NOT_SET',
  /** The browser has no WebAuthn (`PublicKeyCredential` missing). */
  webAuthnNotSupported: 'WEBAUTHN_NOT_SUPPORTED',
  /** The user dismissed or cancelled the browser's passkey / security key prompt, or it was aborted. */
  ceremonyAborted: 'CEREMONY_ABORTED',
  /** Passkey autofill (conditional mediation) is not available in this browser. */
  autofillNotSupported: 'AUTOFILL_NOT_SUPPORTED',
  /** Passkey autofill needs an `<input autocomplete="… webauthn">` on the page. */
  autofillInputMissing: 'AUTOFILL_INPUT_MISSING',
  /** A passkey autofill sign-in is already waiting; a second one is refused. */
  autofillPending: 'AUTOFILL_PENDING',
  /** The page's domain cannot use WebAuthn (e.g. an IP address). */
  invalidDomain: 'INVALID_DOMAIN',
  /** The provider's relying-party id does not match this domain. */
  invalidRpId: 'INVALID_RP_ID',
  /** The authenticator already holds a credential for this account. */
  authenticatorPreviouslyRegistered: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  /** No available authenticator supports the provider's public-key algorithms. */
  unsupportedAlgorithm: 'UNSUPPORTED_ALGORITHM',
  /** The authenticator failed (UnknownError and every other WebAuthn failure). */
  authenticatorError: 'AUTHENTICATOR_ERROR',
  /** No answer from the provider (offline, DNS, refused connection). */
  networkError: 'NETWORK_ERROR',
  /** The provider answered something that is not the contract's shape. */
  invalidResponse: 'INVALID_RESPONSE',
  /** Magic-link status polling stopped after its maximum duration without a verification. */
  pollingTimedOut: 'POLLING_TIMED_OUT',
  /** Magic-link status polling was stopped by the caller's AbortSignal. */
  pollingAborted: 'POLLING_ABORTED',
} as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/** Human texts (errorDescription) for the client's own errors. The first three are the spec's words. */
export const CLIENT_ERROR_MESSAGES = {
  TOKEN_NOT_SET: "A token has not been set. Call 'setToken' first.",
  WEBAUTHN_NOT_SUPPORTED: 'WebAuthn is not supported in this browser',
  CEREMONY_ABORTED: 'Authentication was not completed',
  AUTOFILL_NOT_SUPPORTED: 'Passkey autofill is not supported in this browser',
  AUTOFILL_INPUT_MISSING:
    'Passkey autofill needs an input with "webauthn" as the last value of its autocomplete attribute (e.g. autocomplete="username webauthn")',
  AUTOFILL_PENDING: 'A passkey autofill sign-in is already in progress',
  INVALID_DOMAIN: 'This domain cannot use passkeys or security keys',
  INVALID_RP_ID: 'The relying party id is invalid for this domain',
  AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This authenticator is already registered',
  UNSUPPORTED_ALGORITHM: 'The authenticator does not support any of the required algorithms',
  AUTHENTICATOR_ERROR: 'The authenticator could not complete the request',
  NETWORK_ERROR: 'Could not reach the authentication provider. Check your connection and try again.',
  INVALID_RESPONSE: 'The authentication provider sent an unexpected response',
  POLLING_TIMED_OUT: 'The verification link was not used in time',
  POLLING_ABORTED: 'Waiting for the verification link was stopped',
} as const satisfies Record<ClientErrorCode, string>;

/** The provider's error code for an expired token: it calls the `onTokenExpired` callback. */
export const EXPIRED_TOKEN_ERROR_CODE = 'expired_token';

/**
 * Texts of usage errors: calling the library in a way the rules of spec §5 forbid. These are programming
 * mistakes, so they are thrown (an `AuthClientUsageError`), not returned.
 */
export const USAGE_ERROR_MESSAGES = {
  tenantIdRequired: 'The authentication client needs a tenantId (the provider tenant this app belongs to).',
  regionalBaseUrlMissing:
    "The authentication client was asked for the 'regional' base URL but no regionalBaseUrl is configured.",
  tokenWithAutofill: 'Autofill is not supported when providing a token.',
  actionWithToken: 'An action is not supported when providing a token.',
  userIdRequired: 'userId is required to check whether a passkey is available on this device.',
  popupAlreadyOpen: 'Only one popup or window can be open at a time.',
  popupBlocked: 'The browser blocked the authentication window.',
  fingerprintScriptUrlInvalid: 'The device-fingerprint script URL must be an https URL.',
} as const;

/** A rule of spec §5 broken by the caller. */
export class AuthClientUsageError extends Error {
  override readonly name = 'AuthClientUsageError';
}

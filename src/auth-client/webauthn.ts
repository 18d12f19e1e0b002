import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type WebAuthnErrorCode,
} from '@simplewebauthn/browser';
import { CLIENT_ERROR_MESSAGES, type ClientErrorCode } from './messages';
import { type AuthError, type AuthResponse, clientError } from './result';

/** Whether this browser can run passkey and security-key ceremonies at all. */
export function isWebAuthnSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** Whether passkeys can be offered in the browser's autofill (conditional mediation). */
export function isAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/** Cancels the WebAuthn ceremony in progress, if any (it then answers CEREMONY_ABORTED). */
export function cancelCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** The input passkey autofill attaches to: `autocomplete` ending in `webauthn`. */
export const AUTOFILL_INPUT_SELECTOR = "input[autocomplete$='webauthn']";

const CODE_BY_WEBAUTHN_ERROR: Partial<Record<WebAuthnErrorCode, ClientErrorCode>> = {
  ERROR_CEREMONY_ABORTED: 'CEREMONY_ABORTED',
  ERROR_INVALID_DOMAIN: 'INVALID_DOMAIN',
  ERROR_INVALID_RP_ID: 'INVALID_RP_ID',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'UNSUPPORTED_ALGORITHM',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'UNSUPPORTED_ALGORITHM',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'AUTHENTICATOR_ERROR',
};

function isNamed(error: unknown, ...names: string[]): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    names.includes((error as { name?: unknown }).name as string)
  );
}

/**
 * Maps what a WebAuthn ceremony threw (a @simplewebauthn/browser `WebAuthnError`, a DOMException or one of
 * the library's plain Errors) onto the client's error codes (spec §8 "Passkey errors"). A dismissed prompt
 * — NotAllowedError, an AbortError, ERROR_CEREMONY_ABORTED, or no credential at all — is "Authentication was
 * not completed". An invalid relying-party id is also logged, since it is a configuration problem.
 */
export function webAuthnFailure(error: unknown, context: { rpId?: string | undefined } = {}): AuthError {
  let code: ClientErrorCode = 'AUTHENTICATOR_ERROR';
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY')
      code = isNamed(error.cause, 'NotAllowedError', 'AbortError')
        ? 'CEREMONY_ABORTED'
        : 'AUTHENTICATOR_ERROR';
    else code = CODE_BY_WEBAUTHN_ERROR[error.code] ?? 'AUTHENTICATOR_ERROR';
  } else if (isNamed(error, 'NotAllowedError', 'AbortError')) {
    code = 'CEREMONY_ABORTED';
  } else if (error instanceof Error) {
    // @simplewebauthn/browser's own plain errors, matched on its fixed texts.
    if (error.message === CLIENT_ERROR_MESSAGES.WEBAUTHN_NOT_SUPPORTED) code = 'WEBAUTHN_NOT_SUPPORTED';
    else if (/was not completed/.test(error.message)) code = 'CEREMONY_ABORTED';
    else if (/does not support WebAuthn autofill/.test(error.message)) code = 'AUTOFILL_NOT_SUPPORTED';
    else if (/No <input> with "webauthn"/.test(error.message)) code = 'AUTOFILL_INPUT_MISSING';
  }
  if (code === 'INVALID_RP_ID') {
    const host = globalThis.location?.hostname ?? 'this domain';
    console.error(
      `Invalid relying party id: ${context.rpId ? `"${context.rpId}"` : 'the provider’s RP ID'} is not valid for the domain ${host}.`,
      error,
    );
  }
  return clientError(code);
}

/**
 * Why a ceremony cannot run here, checked before anything is asked of the provider: no WebAuthn at all, or
 * (for autofill) no conditional mediation or no `<input autocomplete="… webauthn">` on the page. Null: it can.
 */
export async function webAuthnUnavailable({
  autofill = false,
}: {
  autofill?: boolean;
} = {}): Promise<AuthError | null> {
  if (!isWebAuthnSupported()) return clientError('WEBAUTHN_NOT_SUPPORTED');
  if (autofill) {
    if (!(await isAutofillSupported())) return clientError('AUTOFILL_NOT_SUPPORTED');
    if (!document.querySelector(AUTOFILL_INPUT_SELECTOR)) return clientError('AUTOFILL_INPUT_MISSING');
  }
  return null;
}

/** Creates a credential (passkey or security key) with the provider's registration options. */
export async function createCredential(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
  { useAutoRegister = false }: { useAutoRegister?: boolean } = {},
): Promise<AuthResponse<RegistrationResponseJSON>> {
  const unavailable = await webAuthnUnavailable();
  if (unavailable) return unavailable;
  try {
    return { data: await startRegistration({ optionsJSON, useAutoRegister }) };
  } catch (error) {
    return webAuthnFailure(error, { rpId: optionsJSON.rp?.id });
  }
}

/**
 * Asks the browser for an assertion at once: nothing is awaited before `navigator.credentials.get`, so a
 * click's user activation reaches it (Safari in a frame). The caller has checked WebAuthn is available.
 */
export function getCredentialNow(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthResponse<AuthenticationResponseJSON>> {
  return startAuthentication({ optionsJSON }).then(
    (data) => ({ data }),
    (error: unknown) => webAuthnFailure(error, { rpId: optionsJSON.rpId }),
  );
}

/**
 * Asks for an assertion with the provider's authentication options. With `autofill`, the request waits for
 * the user to pick a passkey in the autofill of an `<input autocomplete="username webauthn">`.
 */
export async function getCredential(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthResponse<AuthenticationResponseJSON>> {
  const unavailable = await webAuthnUnavailable({ autofill });
  if (unavailable) return unavailable;
  try {
    return { data: await startAuthentication({ optionsJSON, useBrowserAutofill: autofill }) };
  } catch (error) {
    return webAuthnFailure(error, { rpId: optionsJSON.rpId });
  }
}

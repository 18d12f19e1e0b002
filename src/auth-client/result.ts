import { CLIENT_ERROR_MESSAGES, type ClientErrorCode } from './messages';

/**
 * What every call of the client answers (spec §7: "Each response has error and data.token").
 * Failures are returned, never thrown: an HTTP error of the provider, a network failure, a WebAuthn failure
 * or a broken rule that depends on state (no token set) all come back as an `AuthError`.
 */
export interface AuthError {
  /** A short code: the provider's (`invalid_code`, `unauthorized`, …) or the client's (`TOKEN_NOT_SET`, …). */
  error: string;
  /** The same or a finer code (`expired_token`, `CEREMONY_ABORTED`, …). */
  errorCode?: string;
  /** A human sentence naming the problem. */
  errorDescription?: string;
  /** Wrong code: how many tries are left before the challenge locks. */
  attemptsRemaining?: number;
  /** Cooldown, send limit or lock: when to try again. */
  retryAfterSeconds?: number;
  data?: undefined;
}

export interface AuthSuccess<T> {
  data: T;
  error?: undefined;
  errorCode?: undefined;
  errorDescription?: undefined;
}

export type AuthResponse<T> = AuthSuccess<T> | AuthError;

export function isAuthError<T>(response: AuthResponse<T>): response is AuthError {
  return response.error !== undefined;
}

/** An error produced by the client itself, with its standard description. */
export function clientError(
  code: ClientErrorCode,
  description: string = CLIENT_ERROR_MESSAGES[code],
): AuthError {
  return { error: code, errorCode: code, errorDescription: description };
}

/** The `TOKEN_NOT_SET` answer of an enrol, challenge or verify call made without a token (no request is sent). */
export function tokenNotSet(): AuthError {
  return clientError('TOKEN_NOT_SET');
}

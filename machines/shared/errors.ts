import type { ApiError } from '@contract/errors';
import type { FieldErrors } from './validation';

/** Shown when the request never got an answer (offline, DNS, CORS, timeout...). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * How `src/` reports a refused request to a machine: the API's JSON error body
 * (`contract/errors.ts`) plus the HTTP status. Any other rejection (a `TypeError`
 * from fetch, a timeout, ...) counts as a network failure.
 */
export type ServerFailure = Partial<ApiError> & { message: string; status?: number };

export function isServerFailure(error: unknown): error is ServerFailure {
  if (typeof error !== 'object' || error === null) return false;
  const { message, status } = error as { message?: unknown; status?: unknown };
  if (typeof message !== 'string' || message === '') return false;
  // A bare Error (e.g. `TypeError: Failed to fetch`) has a message too: it only
  // counts as the server's answer when it carries an HTTP status.
  return !(error instanceof Error) || typeof status === 'number';
}

export interface FailureView<TField extends string> {
  /** Message above the form, or null when everything is said next to the fields. */
  formError: string | null;
  fieldErrors: FieldErrors<TField>;
  /** HTTP status of the refusal (401, 409, 429...), null for a network failure. */
  status: number | null;
}

/** Turns an actor's rejection into what the form shows. */
export function describeFailure<TField extends string>(
  error: unknown,
  fields: readonly TField[],
): FailureView<TField> {
  if (!isServerFailure(error)) {
    return { formError: NETWORK_ERROR_MESSAGE, fieldErrors: {}, status: null };
  }
  const fieldErrors: FieldErrors<TField> = {};
  for (const field of fields) {
    const message = error.validationErrors?.[field]?.message;
    if (message) fieldErrors[field] = message;
  }
  const saidNextToFields = Object.keys(fieldErrors).length > 0;
  return {
    formError: saidNextToFields ? null : error.message,
    fieldErrors,
    status: typeof error.status === 'number' ? error.status : null,
  };
}

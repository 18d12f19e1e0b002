import type { LoginRequest } from '../../contract/auth';
import type { FieldErrors } from '../shared/validation';

export type SignInField = 'email' | 'password';

export const SIGN_IN_FIELDS: readonly SignInField[] = ['email', 'password'];

export interface SignInContext {
  values: Record<SignInField, string>;
  /** Shown next to each field; filled on submit, a field's message goes away when it is edited. */
  fieldErrors: FieldErrors<SignInField>;
  /** Shown above the form after the server refused or could not be reached. */
  formError: string | null;
  /** HTTP status of the last refusal (401 wrong credentials, 429 throttled), null otherwise. */
  failureStatus: number | null;
  /** Where to go once signed in. */
  returnUrl: string;
}

export type SignInEvent =
  | { type: 'field.change'; field: SignInField; value: string }
  | { type: 'form.submit' };

export interface SignInInput {
  /** Pre-filled e-mail address (e.g. coming back from sign-up). */
  email?: string;
  returnUrl?: string;
}

/** What the `signIn` actor receives: the login request body. */
export type SignInCredentials = LoginRequest;

/** Emitted once signed in; the view hands it to the router. */
export type SignInEmitted = { type: 'navigate'; to: string };

export interface SignInOutput {
  returnUrl: string;
}

import type { LoginRequest } from '@contract/auth';
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
  | { type: 'form.submit' }
  /** “Sign in with single sign-on”: the e-mail address's domain finds the organization's identity provider. */
  | { type: 'sso.start' };

export interface SignInInput {
  /** Pre-filled e-mail address (e.g. coming back from sign-up). */
  email?: string;
  returnUrl?: string;
  /** Why single sign-on was refused, shown above the form (`/auth/login?ssoError=`'s message). */
  ssoError?: string | null;
}

/** What the `signIn` actor receives: the login request body. */
export type SignInCredentials = LoginRequest;

/**
 * `navigate`: signed in, the view hands it to the router. `federate`: single sign-on, a full page load of the
 * server's `/auth/federate?domain=…`, which sends the browser on to the identity provider.
 */
export type SignInEmitted = { type: 'navigate'; to: string } | { type: 'federate'; to: string };

/** The server page that starts single sign-on for an e-mail address. */
export const federateUrl = (email: string) =>
  `/auth/federate?domain=${encodeURIComponent(
    email
      .trim()
      .slice(email.trim().lastIndexOf('@') + 1)
      .toLowerCase(),
  )}`;

export interface SignInOutput {
  returnUrl: string;
}

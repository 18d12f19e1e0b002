import type { SignupRequest } from '@contract/auth';
import type { FieldErrors } from '../shared/validation';

export type SignUpField = 'email' | 'password' | 'firstName' | 'lastName';

export const SIGN_UP_FIELDS: readonly SignUpField[] = ['email', 'password', 'firstName', 'lastName'];

export interface SignUpContext {
  values: Record<SignUpField, string>;
  /** Shown next to each field: filled on submit or by the server (e-mail already taken). */
  fieldErrors: FieldErrors<SignUpField>;
  /** Shown above the form when the server refused without naming a field, or could not be reached. */
  formError: string | null;
  failureStatus: number | null;
  returnUrl: string;
}

export type SignUpEvent =
  | { type: 'field.change'; field: SignUpField; value: string }
  | { type: 'form.submit' };

export interface SignUpInput {
  email?: string;
  returnUrl?: string;
}

/** What the `signUp` actor receives: the signup request body. */
export type SignUpRequest = Required<SignupRequest>;

export type SignUpEmitted = { type: 'navigate'; to: string };

export interface SignUpOutput {
  returnUrl: string;
}

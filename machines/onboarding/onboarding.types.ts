import type { FieldErrors } from '../shared/validation';

export type OnboardingField = 'firstName' | 'lastName' | 'organizationName' | 'accountName';

export const ONBOARDING_FIELDS: readonly OnboardingField[] = [
  'firstName',
  'lastName',
  'organizationName',
  'accountName',
];

/** The body of POST /api/onboarding: every value trimmed. */
export interface OnboardingRequest {
  firstName: string;
  lastName: string;
  organizationName: string;
  accountName: string;
}

export interface OnboardingContext {
  values: Record<OnboardingField, string>;
  /** Shown under each field; filled on submit (or from the server's validationErrors), cleared when edited. */
  fieldErrors: FieldErrors<OnboardingField>;
  /** Shown above the form when the server refused without naming a field, or could not be reached. */
  formError: string | null;
}

export type OnboardingEvent =
  | { type: 'field.change'; field: OnboardingField; value: string }
  | { type: 'form.submit' };

export interface OnboardingInput {
  /** The names the person gave when signing up, to pre-fill the form. */
  firstName?: string;
  lastName?: string;
}

/**
 * Emitted once the workspace exists: the session changed on the server (new organization and account), so
 * the view reloads the app at `to` rather than routing inside the old session.
 */
export type OnboardingEmitted = { type: 'workspace.ready'; to: string };

import type { SnapshotFrom } from 'xstate';
import type { SignUpMachine } from './signUp.machine';
import type { SignUpField } from './signUp.types';

export type SignUpSnapshot = SnapshotFrom<SignUpMachine>;

/** Everything the sign-up view shows, derived from the machine's snapshot. */
export interface SignUpView {
  values: Record<SignUpField, string>;
  fieldErrors: Record<SignUpField, string | null>;
  formError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  isSignedUp: boolean;
  submitLabel: string;
}

export function connectSignUp(snapshot: SignUpSnapshot): SignUpView {
  const { values, fieldErrors, formError } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  const isSignedUp = snapshot.matches('succeeded');
  return {
    values,
    fieldErrors: {
      email: fieldErrors.email ?? null,
      password: fieldErrors.password ?? null,
      firstName: fieldErrors.firstName ?? null,
      lastName: fieldErrors.lastName ?? null,
    },
    formError,
    isSubmitting,
    isLocked: isSubmitting || isSignedUp,
    isSignedUp,
    submitLabel: isSubmitting ? 'Creating account…' : 'Create account',
  };
}

import type { SnapshotFrom } from 'xstate';
import { type FormCommands, fieldMessages, formCommands, formSubmitPhase } from '../shared/formView';
import type { SignUpMachine } from './signUp.machine';
import { SIGN_UP_FIELDS, type SignUpEvent, type SignUpField } from './signUp.types';

export type SignUpSnapshot = SnapshotFrom<SignUpMachine>;

/** Everything the sign-up view shows, derived from the machine's snapshot. */
export interface SignUpView extends FormCommands<SignUpField> {
  values: Record<SignUpField, string>;
  fieldErrors: Record<SignUpField, string | null>;
  formError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  isSignedUp: boolean;
  submitLabel: string;
}

export function connectSignUp(snapshot: SignUpSnapshot, send: (event: SignUpEvent) => void): SignUpView {
  const { values, fieldErrors, formError } = snapshot.context;
  const { isSubmitting, isDone: isSignedUp, isLocked } = formSubmitPhase(snapshot);
  return {
    ...formCommands(send),
    values,
    fieldErrors: fieldMessages(SIGN_UP_FIELDS, fieldErrors),
    formError,
    isSubmitting,
    isLocked,
    isSignedUp,
    submitLabel: isSubmitting ? 'Creating account…' : 'Create account',
  };
}

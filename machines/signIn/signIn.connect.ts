import type { SnapshotFrom } from 'xstate';
import { type FormCommands, fieldMessages, formCommands, formSubmitPhase } from '../shared/formView';
import type { SignInMachine } from './signIn.machine';
import { SIGN_IN_FIELDS, type SignInEvent, type SignInField } from './signIn.types';

export type SignInSnapshot = SnapshotFrom<SignInMachine>;

/** Everything the sign-in view shows, derived from the machine's snapshot. */
export interface SignInView extends FormCommands<SignInField> {
  values: Record<SignInField, string>;
  /** Message under each field, or null. */
  fieldErrors: Record<SignInField, string | null>;
  /** Message above the form, or null. */
  formError: string | null;
  isSubmitting: boolean;
  /** Fields and button are locked (waiting for the server, or already signed in). */
  isLocked: boolean;
  /** The last refusal was "too many attempts". */
  isThrottled: boolean;
  isSignedIn: boolean;
  submitLabel: string;
  /** On the way to the organization's identity provider (single sign-on). */
  isFederating: boolean;
  ssoLabel: string;
  /** "Sign in with single sign-on": the e-mail's domain finds the organization. */
  startSingleSignOn: () => void;
}

export function connectSignIn(snapshot: SignInSnapshot, send: (event: SignInEvent) => void): SignInView {
  const { values, fieldErrors, formError, failureStatus } = snapshot.context;
  const { isSubmitting, isDone: isSignedIn, isLocked: isFormLocked } = formSubmitPhase(snapshot);
  const isFederating = snapshot.matches('federating');
  return {
    ...formCommands(send),
    values,
    fieldErrors: fieldMessages(SIGN_IN_FIELDS, fieldErrors),
    formError,
    isSubmitting,
    isLocked: isFormLocked || isFederating,
    isThrottled: snapshot.matches('failed') && failureStatus === 429,
    isSignedIn,
    submitLabel: isSubmitting ? 'Signing in…' : 'Sign in',
    isFederating,
    ssoLabel: isFederating ? 'Going to single sign-on…' : 'Sign in with single sign-on',
    startSingleSignOn: () => send({ type: 'sso.start' }),
  };
}

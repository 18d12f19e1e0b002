import type { SnapshotFrom } from 'xstate';
import { type FormCommands, fieldMessages, formCommands, formSubmitPhase } from '../shared/formView';
import type { OnboardingMachine } from './onboarding.machine';
import { ONBOARDING_FIELDS, type OnboardingEvent, type OnboardingField } from './onboarding.types';

export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

/** Everything the onboarding view shows, derived from the machine's snapshot. */
export interface OnboardingView extends FormCommands<OnboardingField> {
  values: Record<OnboardingField, string>;
  fieldErrors: Record<OnboardingField, string | null>;
  formError: string | null;
  isSubmitting: boolean;
  /** Fields and button are locked (waiting for the server, or done and reloading). */
  isLocked: boolean;
  isDone: boolean;
  submitLabel: string;
  /** The first field with a message, to move the keyboard there. */
  firstInvalidField: OnboardingField | null;
}

export function connectOnboarding(
  snapshot: OnboardingSnapshot,
  send: (event: OnboardingEvent) => void,
): OnboardingView {
  const { values, fieldErrors, formError } = snapshot.context;
  const { isSubmitting, isDone, isLocked } = formSubmitPhase(snapshot);
  return {
    ...formCommands(send),
    values,
    fieldErrors: fieldMessages(ONBOARDING_FIELDS, fieldErrors),
    formError,
    isSubmitting,
    isLocked,
    isDone,
    submitLabel: isSubmitting ? 'Setting up…' : isDone ? 'Opening your workspace…' : 'Continue',
    firstInvalidField: ONBOARDING_FIELDS.find((field) => fieldErrors[field]) ?? null,
  };
}

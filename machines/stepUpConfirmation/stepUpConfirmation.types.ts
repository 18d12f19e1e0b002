/**
 * Types of the step-up confirmation (`stepUpConfirmation`): one risky request sent to the app server, and,
 * when the server answers 403 CHALLENGE_REQUIRED, the “Confirm it's you” dialog, then the same request again
 * with the verified token in `X-Step-Up-Token`. Every chart with a risky action invokes it (the campaign and
 * customer modals, removing a sign-in method) instead of writing these states again.
 */
import type { ChallengeOptions } from '@contract/provider';
import type { StepUpOutcome } from '../challenge/challenge.types';

export type { StepUpOutcome };

/** What the invoking chart passes: the request it wants sent (opaque here: only its sender reads it). */
export interface StepUpConfirmationInput<TRequest = unknown> {
  request: TRequest;
}

/** What the `sendRequest` actor receives: the request, and the verified token once there is one (sent once). */
export interface SendRequestInput<TRequest = unknown> {
  request: TRequest;
  stepUpToken: string | null;
}

/**
 * How it ended, for the invoking chart:
 * - `sent`: the server accepted the request (`response` is its answer), with or without a step-up;
 * - `refused`: the server refused it for another reason, or the dialog could not open (`error`);
 * - `cancelled`: the person closed the dialog; nothing was done;
 * - `expired`: the challenge's token ran out before the person confirmed.
 */
export type StepUpConfirmationOutput =
  | { status: 'sent'; response: unknown }
  | { status: 'refused'; error: unknown }
  | { status: 'cancelled' }
  | { status: 'expired' };

/** What every chart says when the confirmation expired. */
export const STEP_UP_EXPIRED_MESSAGE = 'The confirmation took too long and expired. Try again.';

export interface StepUpConfirmationContext {
  request: unknown;
  /** The challenge options of the server's CHALLENGE_REQUIRED answer, while the dialog is open. */
  challenge: ChallengeOptions | null;
  /** The verified token the request is sent again with (used once). */
  stepUpToken: string | null;
  /** The server's answer once it accepted. */
  response: unknown;
  /** The refusal (or the dialog's failure) once it ended that way. */
  error: unknown;
}

/** Types of the step-up challenge dialog (`challenge`): the dialog, its method chooser and which view is open. */
import type { ChallengeOptions } from '@contract/provider';
import type { VerificationMethod } from './methods';

/** Spec section 3: what a CHALLENGE_REQUIRED answer carries (`verificationMethods` missing means all). */
export type { ChallengeOptions } from '@contract/provider';

export interface ChallengeContext {
  options: ChallengeOptions | null;
  /** The methods the chooser lists: the allowed ones, or all when no list was given. */
  methods: readonly VerificationMethod[];
  /** Whether the options named the allowed methods (it changes the switching link). */
  isListGiven: boolean;
  /** The open method view, null on the chooser. */
  method: VerificationMethod | null;
  /** How long the token lives from the opening; the dialog closes as expired after it. */
  lifetimeMs: number;
}

export type ChallengeEvent =
  | { type: 'challenge.open'; options: ChallengeOptions; lifetimeMs?: number }
  | { type: 'method.select'; method: VerificationMethod }
  | { type: 'method.choose' }
  | { type: 'dialog.close' }
  | { type: 'token.expire' };

/** How a step-up ended, for the action that asked for it. */
export type StepUpOutcome =
  | { status: 'succeeded'; token: string }
  | { status: 'cancelled' }
  | { status: 'expired' };

/** What the caller hears: success with the verified token, the person's cancel, or the token's expiry. */
export type ChallengeEmitted =
  | { type: 'challenge.succeeded'; token: string }
  | { type: 'challenge.cancelled' }
  | { type: 'challenge.expired' };

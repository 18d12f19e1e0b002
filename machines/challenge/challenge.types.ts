/** Types of the step-up challenge dialog (`challenge`): the dialog, its method chooser and which view is open. */
import type { VerificationMethod } from './methods';

/** Spec section 3: what a CHALLENGE_REQUIRED answer carries. */
export interface ChallengeOptions {
  token: string;
  user: { email?: string | null; phoneNumber?: string | null };
  /** The allowed methods; missing means all. */
  verificationMethods?: readonly VerificationMethod[] | null;
  defaultVerificationMethod?: VerificationMethod | null;
}

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

/** What the caller hears: success with the verified token, the person's cancel, or the token's expiry. */
export type ChallengeEmitted =
  | { type: 'challenge.succeeded'; token: string }
  | { type: 'challenge.cancelled' }
  | { type: 'challenge.expired' };

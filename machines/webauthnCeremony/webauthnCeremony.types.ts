/** Types of the passkey and security-key views of the step-up dialog (`webauthnCeremony`). */
import type { WebAuthnMethod } from '../challenge/methods';

export interface WebAuthnCeremonyInput {
  method: WebAuthnMethod;
}

/** What `checkSupport` resolves: can this browser run the ceremony, and must it wait for a click first? */
export interface WebAuthnSupport {
  supported: boolean;
  /** Safari in an embedded frame only lets WebAuthn start from a user's click. */
  needsClick: boolean;
}

/** What `authenticate` resolves: a token, or the reason there is none. */
export interface CeremonyOutput {
  token?: string;
  error?: string;
}

export interface WebAuthnCeremonyContext {
  method: WebAuthnMethod;
  /** Why the last ceremony failed ('Authentication was not completed', ...), for the detail line. */
  reason: string | null;
  token: string | null;
}

export type WebAuthnCeremonyEvent = { type: 'ceremony.start' } | { type: 'ceremony.retry' };

export interface WebAuthnCeremonyOutput {
  token: string;
}

import type { SnapshotFrom } from 'xstate';
import type { WebAuthnMethod } from '../challenge/methods';
import type { WebAuthnCeremonyMachine } from './webauthnCeremony.machine';
import type { WebAuthnCeremonyEvent } from './webauthnCeremony.types';

export type WebAuthnCeremonySnapshot = SnapshotFrom<WebAuthnCeremonyMachine>;
export type WebAuthnPhase =
  | 'checking'
  | 'awaitingClick'
  | 'authenticating'
  | 'error'
  | 'notSupported'
  | 'verified';

/** Spec sections 2 and 8, per method. */
export const WEBAUTHN_TEXTS: Record<
  WebAuthnMethod,
  { error: string; notSupportedTitle: string; notSupportedText: string; authenticating: string }
> = {
  PASSKEY: {
    error: 'There was a problem authenticating with your passkey.',
    notSupportedTitle: 'Passkeys not supported',
    notSupportedText: 'Your browser does not support passkeys.',
    authenticating: 'Follow the prompt from your browser to use your passkey.',
  },
  SECURITY_KEY: {
    error: 'There was a problem authenticating with your security key.',
    notSupportedTitle: 'Security keys not supported',
    notSupportedText: 'Your browser does not support security keys.',
    authenticating: 'Insert or tap your security key and follow the prompt from your browser.',
  },
};

export interface WebAuthnCeremonyView {
  method: WebAuthnMethod;
  phase: WebAuthnPhase;
  texts: (typeof WEBAUTHN_TEXTS)[WebAuthnMethod];
  /** Why the last attempt failed, when known ('Authentication was not completed', ...). */
  reason: string | null;
  /** “Continue”: the ceremony starts inside this click (Safari in a frame needs its activation). */
  start: () => void;
  /** “Try again” after a failed ceremony. */
  retry: () => void;
}

export function connectWebAuthnCeremony(
  snapshot: WebAuthnCeremonySnapshot,
  send: (event: WebAuthnCeremonyEvent) => void,
): WebAuthnCeremonyView {
  const { method, reason } = snapshot.context;
  const phase =
    (['checking', 'awaitingClick', 'authenticating', 'error', 'notSupported', 'verified'] as const).find(
      (state) => snapshot.matches(state),
    ) ?? 'checking';
  return {
    method,
    phase,
    texts: WEBAUTHN_TEXTS[method],
    reason,
    start: () => send({ type: 'ceremony.start' }),
    retry: () => send({ type: 'ceremony.retry' }),
  };
}

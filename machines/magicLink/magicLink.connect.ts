import type { SnapshotFrom } from 'xstate';
import type { MagicLinkMachine } from './magicLink.machine';
import type { MagicLinkEvent } from './magicLink.types';

export type MagicLinkSnapshot = SnapshotFrom<MagicLinkMachine>;
export type MagicLinkPhase =
  | 'sending'
  | 'waiting'
  | 'checking'
  | 'paused'
  | 'failed'
  | 'expired'
  | 'verified';

export interface MagicLinkView {
  phase: MagicLinkPhase;
  /** The link is out and the view waits for it to be followed (checks and the hidden-page pause included). */
  isWaiting: boolean;
  /** The link's lifetime ran out: the view offers a new one. */
  isExpired: boolean;
  error: string | null;
  canResend: boolean;
  /** “Send a new link”. */
  resend: () => void;
  /** The page was hidden or shown again: polling pauses, or checks at once. */
  reportVisibility: (hidden: boolean) => void;
}

function phaseOf(snapshot: MagicLinkSnapshot): MagicLinkPhase {
  if (snapshot.matches({ linkOut: 'waiting' })) return 'waiting';
  if (snapshot.matches({ linkOut: 'checking' })) return 'checking';
  if (snapshot.matches({ linkOut: 'paused' })) return 'paused';
  return (['failed', 'expired', 'verified'] as const).find((state) => snapshot.matches(state)) ?? 'sending';
}

export function connectMagicLink(
  snapshot: MagicLinkSnapshot,
  send: (event: MagicLinkEvent) => void,
): MagicLinkView {
  const phase = phaseOf(snapshot);
  return {
    resend: () => send({ type: 'link.resend' }),
    reportVisibility: (hidden) => send({ type: hidden ? 'visibility.hidden' : 'visibility.visible' }),
    phase,
    isWaiting: phase === 'waiting' || phase === 'checking' || phase === 'paused',
    isExpired: phase === 'expired',
    error: snapshot.context.error,
    canResend: phase !== 'sending' && phase !== 'verified',
  };
}

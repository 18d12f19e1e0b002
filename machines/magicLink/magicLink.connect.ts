import type { SnapshotFrom } from 'xstate';
import type { MagicLinkMachine } from './magicLink.machine';

export type MagicLinkSnapshot = SnapshotFrom<MagicLinkMachine>;
export type MagicLinkPhase = 'sending' | 'waiting' | 'checking' | 'failed' | 'verified';

export interface MagicLinkView {
  phase: MagicLinkPhase;
  /** The link is out and the view waits for it to be followed (checks included). */
  isWaiting: boolean;
  error: string | null;
  canResend: boolean;
}

export function connectMagicLink(snapshot: MagicLinkSnapshot): MagicLinkView {
  const phase =
    (['sending', 'waiting', 'checking', 'failed', 'verified'] as const).find((state) =>
      snapshot.matches(state),
    ) ?? 'sending';
  return {
    phase,
    isWaiting: phase === 'waiting' || phase === 'checking',
    error: snapshot.context.error,
    canResend: phase !== 'sending' && phase !== 'verified',
  };
}

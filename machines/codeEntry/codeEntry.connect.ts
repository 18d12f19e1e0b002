import type { SnapshotFrom } from 'xstate';
import type { CodeEntryMachine } from './codeEntry.machine';
import type { CodeEntryEvent } from './codeEntry.types';

export type CodeEntrySnapshot = SnapshotFrom<CodeEntryMachine>;

export type CodeFieldPhase = 'idle' | 'loading' | 'error';
export type DeliveryPhase = 'sending' | 'coolingDown' | 'ready' | 'failed' | 'none';

/** What a code view shows, derived from the machine's snapshot. */
export interface CodeEntryView {
  code: string;
  phase: CodeFieldPhase | 'verified';
  /** The slots shake with a red border. */
  isInvalid: boolean;
  isReadOnly: boolean;
  fieldError: string | null;
  delivery: DeliveryPhase;
  deliveryError: string | null;
  /** The host's resend notice (“A new code was sent to …”), when it gave one and a code was resent. */
  notice: string | null;
  /** “Send a new code” is shown (e-mail and text message), enabled when `canResend`. */
  showsResend: boolean;
  canResend: boolean;
  /** Typing or pasting digits (the sixth submits). */
  changeCode: (value: string) => void;
  /** “Verify”. */
  submit: () => void;
  /** “Send a new code”. */
  resend: () => void;
}

export function connectCodeEntry(
  snapshot: CodeEntrySnapshot,
  send: (event: CodeEntryEvent) => void,
): CodeEntryView {
  const { code, fieldError, deliveryError, notice } = snapshot.context;
  const verified = snapshot.matches('verified');
  const phase: CodeEntryView['phase'] = verified
    ? 'verified'
    : ((['idle', 'loading', 'error'] as const).find((state) =>
        snapshot.matches({ active: { code: state } }),
      ) ?? 'idle');
  const delivery =
    (['sending', 'coolingDown', 'ready', 'failed', 'none'] as const).find((state) =>
      snapshot.matches({ active: { delivery: state } }),
    ) ?? 'none';
  return {
    changeCode: (value) => send({ type: 'code.change', value }),
    submit: () => send({ type: 'code.submit' }),
    resend: () => send({ type: 'code.resend' }),
    code,
    phase,
    isInvalid: phase === 'error',
    isReadOnly: phase === 'loading' || verified,
    fieldError,
    delivery,
    deliveryError,
    notice,
    showsResend: delivery !== 'none',
    canResend: delivery === 'ready' || delivery === 'failed',
  };
}

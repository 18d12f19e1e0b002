import type { SnapshotFrom } from 'xstate';
import type { RecoveryCodeEntryMachine } from './recoveryCodeEntry.machine';
import type { RecoveryCodeEntryEvent } from './recoveryCodeEntry.types';

export type RecoveryCodeEntrySnapshot = SnapshotFrom<RecoveryCodeEntryMachine>;

/** What the recovery-code view shows, commands included. */
export interface RecoveryCodeEntryView {
  phase: 'editing' | 'checking' | 'refused' | 'verified';
  code: string;
  fieldError: string | null;
  isInvalid: boolean;
  isReadOnly: boolean;
  submitLabel: string;
  changeCode: (value: string) => void;
  submit: () => void;
}

export function connectRecoveryCodeEntry(
  snapshot: RecoveryCodeEntrySnapshot,
  send: (event: RecoveryCodeEntryEvent) => void,
): RecoveryCodeEntryView {
  const phase =
    (['checking', 'refused', 'verified'] as const).find((state) => snapshot.matches(state)) ?? 'editing';
  const { code, fieldError } = snapshot.context;
  return {
    phase,
    code,
    fieldError,
    isInvalid: phase === 'refused' && fieldError !== null,
    isReadOnly: phase === 'checking' || phase === 'verified',
    submitLabel: phase === 'checking' ? 'Verifying…' : 'Verify',
    changeCode: (value) => send({ type: 'code.change', value }),
    submit: () => send({ type: 'code.submit' }),
  };
}

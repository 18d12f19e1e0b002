import { RECOVERY_CODE_COUNT } from '@contract/provider';
import type { SnapshotFrom } from 'xstate';
import type { RecoveryCodesMachine } from './recoveryCodes.machine';
import type { RecoveryCodesEvent } from './recoveryCodes.types';

export type RecoveryCodesSnapshot = SnapshotFrom<RecoveryCodesMachine>;

/** The name of the downloaded file. */
export const RECOVERY_CODES_FILE_NAME = 'flightplan-recovery-codes.txt';

/** The .txt a person downloads: what the codes are for, the rule that each works once, and the codes. */
export function recoveryCodesText(codes: readonly string[], createdAt: Date): string {
  return [
    'Flightplan recovery codes',
    `Generated ${createdAt.toISOString().slice(0, 10)}.`,
    '',
    'Use one when Flightplan asks you to confirm it’s you and no other method is at hand.',
    'Each code works once. Generating new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export interface RecoveryCodesView {
  /** Whether the codes dialog is open (not during the step-up, which has its own). */
  isOpen: boolean;
  phase: 'authorizing' | 'generating' | 'failed' | 'showing' | 'done';
  title: string;
  /** What the dialog says under its title. */
  text: string;
  codes: string[];
  error: string | null;
  isCopied: boolean;
  /** Closing is offered only before codes exist: shown codes stay until “I saved them”. */
  canClose: boolean;
  /** What “Copy” puts on the clipboard: the codes, one a line (codes shown only). */
  clipboardText: string | null;
  /** The .txt download: its name and contents (codes shown only). */
  download: { fileName: string; text: string } | null;
  /** Commands. */
  copied: () => void;
  acknowledge: () => void;
  retry: () => void;
  close: () => void;
}

export function connectRecoveryCodes(
  snapshot: RecoveryCodesSnapshot,
  send: (event: RecoveryCodesEvent) => void,
  now: () => Date = () => new Date(),
): RecoveryCodesView {
  const { codes, error, isCopied, hasCodes } = snapshot.context;
  const phase = (['authorizing', 'generating', 'failed', 'showing'] as const).find((state) =>
    snapshot.matches(state),
  );
  const showing = phase === 'showing';
  return {
    isOpen: phase === 'generating' || phase === 'failed' || showing,
    phase: phase ?? 'done',
    title: showing
      ? 'Save your recovery codes'
      : hasCodes
        ? 'Regenerate recovery codes'
        : 'Generate recovery codes',
    text: showing
      ? `These ${RECOVERY_CODE_COUNT} codes are shown only now. Keep them somewhere safe, such as a password manager. Each code works once${hasCodes ? '; your previous codes no longer work' : ''}.`
      : phase === 'failed'
        ? 'Your recovery codes could not be generated.'
        : 'Generating your recovery codes…',
    codes,
    error,
    isCopied,
    canClose: phase === 'failed',
    clipboardText: showing ? codes.join('\n') : null,
    download: showing ? { fileName: RECOVERY_CODES_FILE_NAME, text: recoveryCodesText(codes, now()) } : null,
    copied: () => send({ type: 'codes.copied' }),
    acknowledge: () => send({ type: 'codes.acknowledge' }),
    retry: () => send({ type: 'retry' }),
    close: () => send({ type: 'dialog.close' }),
  };
}

/**
 * Types of the recovery-code view of the step-up dialog (`recoveryCodeEntry`, issue 11): one of the ten
 * single-use codes the person saved when they generated them, typed in to confirm it's them.
 */

/**
 * What `verifyRecoveryCode` resolves: the provider's answer. A token means verified; `error` is a refusal to
 * show as it is (locked after too many wrong codes, no codes set up); neither means the code was wrong
 * (`attemptsRemaining` when the provider says).
 */
export interface RecoveryCodeCheck {
  token?: string;
  error?: string;
  attemptsRemaining?: number;
}

export interface RecoveryCodeEntryContext {
  /** What was typed, as typed (the provider ignores case, spaces and dashes). */
  code: string;
  /** “Enter a recovery code”, the wrong-code message or the provider's refusal; cleared by typing. */
  fieldError: string | null;
  /** The verified token, once there is one. */
  token: string | null;
}

export type RecoveryCodeEntryEvent = { type: 'code.change'; value: string } | { type: 'code.submit' };

export interface RecoveryCodeEntryOutput {
  token: string;
}

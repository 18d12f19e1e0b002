/**
 * Types of the code-entry view of the step-up dialog (`codeEntry`): authenticator app, e-mail code and
 * text-message code. One machine, parametrised by `method`.
 */
import type { CodeMethod } from '../challenge/methods';

export interface CodeEntryInput {
  method: CodeMethod;
}

/** What `sendCode` resolves: `sent: false` when the method has nothing to send (authenticator app). */
export interface SendCodeOutput {
  sent: boolean;
}

/**
 * What `verifyCode` resolves: the provider's answer. A token means verified; no token and no error means
 * the code was wrong (`attemptsRemaining` when the provider says); an error is ignored (spec section 8).
 */
export interface VerifyCodeOutput {
  token?: string;
  error?: string;
  attemptsRemaining?: number;
}

export interface CodeEntryContext {
  method: CodeMethod;
  /** Digits typed so far (at most CODE_LENGTH). */
  code: string;
  /** 'Enter a code' after an empty or short submit, or the wrong-code message; cleared by typing. */
  fieldError: string | null;
  /** From the provider's last wrong-code answer, when it says. */
  attemptsRemaining: number | null;
  /** Why the last code could not be sent. */
  deliveryError: string | null;
  /** The verified token, once there is one. */
  token: string | null;
}

export type CodeEntryEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' };

/** `code.focus`: the field was cleared after an error and takes the focus again. */
export type CodeEntryEmitted = { type: 'code.focus' };

export interface CodeEntryOutput {
  token: string;
}

/**
 * Types of the code-entry view (`codeEntry`): authenticator app, e-mail code and text-message code. One
 * machine, parametrised by `method`, run by the step-up dialog and by “Add a sign-in method”
 * (`enrolAuthenticator` invokes it to confirm the first code). Each setting's default is the step-up
 * dialog's behaviour.
 */
import type { CodeMethod } from '../challenge/methods';

export interface CodeEntryInput {
  method: CodeMethod;
  /**
   * Send a code as the view opens (default `true`). `false` when the host already sent the first one (adding
   * an e-mail address or phone number: the address step did), so a second is not sent.
   */
  sendOnOpen?: boolean;
  /** Seconds before “Send a new code” can be used after a code was sent (default 30; 0: at once). */
  resendCooldownSeconds?: number;
  /**
   * Shown after “Send a new code” sent one (default none), e.g. “A new code was sent to dana@example.com.”;
   * hidden when a code is checked.
   */
  resendNotice?: string | null;
  /**
   * Show the provider's refusal (its words) and a request that got no answer (“Could not reach the
   * server…”) under the field (default `false`: both are ignored, spec section 8).
   */
  showFailures?: boolean;
  /** Handed to `sendCode` as `request`: what the host's provider call needs besides the method. */
  sendRequest?: unknown;
}

/** What `sendCode` is started with. */
export interface SendCodeInput {
  method: CodeMethod;
  /** The host's `sendRequest`, when it gave one. */
  request?: unknown;
}

/** What `sendCode` resolves: `sent: false` when the method has nothing to send (authenticator app). */
export interface SendCodeOutput {
  sent: boolean;
}

/**
 * What `verifyCode` resolves: the provider's answer. A token (or `verified`, when the provider accepts a code
 * without handing out a token, as when a method is added) means accepted; no token and no error means the
 * code was wrong (`attemptsRemaining` when the provider says); an error (the refusal in words) is ignored
 * (spec section 8) unless `showFailures`.
 */
export interface VerifyCodeOutput {
  token?: string;
  verified?: boolean;
  error?: string;
  attemptsRemaining?: number;
}

export interface CodeEntryContext {
  method: CodeMethod;
  /** The input's settings, defaults applied. */
  sendOnOpen: boolean;
  resendCooldownMs: number;
  resendNotice: string | null;
  showFailures: boolean;
  sendRequest: unknown;
  /** A code was asked for since the view opened (the opening send happens once). */
  hasSent: boolean;
  /** “Send a new code” was used: a code sent since then gets `resendNotice`. */
  resent: boolean;
  /** `resendNotice`, after a resend, until a code is checked. */
  notice: string | null;
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

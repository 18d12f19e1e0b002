/**
 * Types of the "Add a sign-in method" dialog of /settings/security (`enrolAuthenticator`): one chart for
 * every method, which the user picks first. The dialog opens with an enrolment token the app server handed
 * out after a step-up (the `securitySettings` chart ran it); each branch's first provider call starts from it.
 */
import type { EnrollmentTokenResponse } from '@contract/provider';
import type { VerificationMethod } from '../challenge/methods';

/**
 * The enrolment token the app server handed out once the user confirmed it's them (POST
 * /api/security/enrollment-token, a risky action: `addAuthenticator`), with where the provider is.
 */
export type Enrolment = EnrollmentTokenResponse;

export type { VerificationMethod };

/** What the chooser offers. An e-mail address is confirmed by code or by link: chosen on the address step. */
export const ENROL_CHOICES = ['PASSKEY', 'SECURITY_KEY', 'AUTHENTICATOR_APP', 'EMAIL_OTP', 'SMS'] as const;
export type EnrolChoice = (typeof ENROL_CHOICES)[number];

/** Methods added with a browser WebAuthn ceremony. */
export type CeremonyMethod = Extract<VerificationMethod, 'PASSKEY' | 'SECURITY_KEY'>;
/** Methods added by typing an address or number that receives a code or link. */
export type ContactMethod = Extract<VerificationMethod, 'EMAIL_OTP' | 'EMAIL_MAGIC_LINK' | 'SMS'>;
/** Methods confirmed by a first six-digit code. */
export type ConfirmCodeMethod = Extract<VerificationMethod, 'AUTHENTICATOR_APP' | 'EMAIL_OTP' | 'SMS'>;

export interface EnrolAuthenticatorInput {
  /** The signed-in user's address: the e-mail step starts with it. */
  email: string;
  /** The enrolment token every method's first provider call starts from. */
  enrolment: Enrolment;
}

/** What `startApp` resolves: the provider's `otpauth://` URI (for the QR code) and the secret. */
export interface AppSecret {
  uri: string;
  secret: string;
}

/** What `sendCode` resolves: where the code or link went (as the provider normalised it). */
export interface SentTo {
  address: string;
}

/**
 * What `verifyCode` resolves: `verified`, or not with the reason to show (`message`, e.g. a locked or
 * expired code) or just the attempts left (a wrong code). A request that got no answer rejects instead.
 */
export interface CodeCheck {
  verified: boolean;
  attemptsRemaining?: number;
  message?: string;
}

export interface EnrolAuthenticatorContext {
  /** The method being added; null while the chooser is shown. */
  method: VerificationMethod | null;
  /** E-mail address or phone number as typed. */
  address: string;
  addressError: string | null;
  /** Where the last code or link went. */
  sentTo: string | null;
  /** Authenticator app: the otpauth:// URI and its secret for manual entry. */
  app: AppSecret | null;
  /**
   * A failure of the whole step (ceremony refused, provider unreachable...), shown above the actions. The
   * first code's digits, messages and resend notice are the code view's (`codeEntry`, invoked while
   * confirming).
   */
  error: string | null;
  /** The user's own address, to start the e-mail step with. */
  signInEmail: string;
  /** The enrolment token (from the step-up before the dialog opened), for each method's first call. */
  enrolment: Enrolment;
}

export type EnrolAuthenticatorEvent =
  | { type: 'method.select'; method: EnrolChoice }
  /** “Choose another method”: back to the chooser. */
  | { type: 'method.choose' }
  /** The e-mail step's “Confirm with a code / a link” choice. */
  | { type: 'delivery.select'; method: Extract<ContactMethod, 'EMAIL_OTP' | 'EMAIL_MAGIC_LINK'> }
  | { type: 'address.change'; value: string }
  | { type: 'address.submit' }
  /** “Use a different address/number”. */
  | { type: 'address.edit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  /** “Send a new code” / “Send a new link”. */
  | { type: 'code.resend' }
  /** “Try again” after a failed ceremony or a failed start. */
  | { type: 'retry' };

/**
 * `address.focus`: a refused address takes the focus again. (The code field's `code.focus` is emitted by the
 * code view's chart, `codeEntry`, invoked as `codeEntry` while confirming.)
 */
export type EnrolAuthenticatorEmitted = { type: 'address.focus' };

/** The method that was added. */
export interface EnrolAuthenticatorOutput {
  method: VerificationMethod;
}

/**
 * The step-up verification methods as the dialog knows them: the provider's values (spec section 3),
 * the chooser's default labels (spec section 2) and the kind of view each one opens.
 */

import { VERIFICATION_METHODS, type VerificationMethod } from '@contract/provider';

export { VERIFICATION_METHODS, type VerificationMethod };

/** The chooser's order: spec section 2 lists the default labels in this order. */
export const METHOD_ORDER: readonly VerificationMethod[] = [
  'PASSKEY',
  'SECURITY_KEY',
  'AUTHENTICATOR_APP',
  'EMAIL_OTP',
  'EMAIL_MAGIC_LINK',
  'SMS',
  // Issue 11: recovery codes are the last resort, offered after every other method.
  'RECOVERY_CODE',
];

/** The method chooser's default labels, in the chooser's order. */
export const METHOD_LABELS: Record<VerificationMethod, string> = {
  PASSKEY: 'Passkey',
  SECURITY_KEY: 'Security key',
  AUTHENTICATOR_APP: 'Authenticator app',
  EMAIL_OTP: 'Email OTP',
  EMAIL_MAGIC_LINK: 'Email magic link',
  SMS: 'Text message',
  RECOVERY_CODE: 'Recovery code',
};

/** Methods whose view is a 6-digit code field. */
export type CodeMethod = Extract<VerificationMethod, 'AUTHENTICATOR_APP' | 'EMAIL_OTP' | 'SMS'>;
/** Methods whose view runs a WebAuthn ceremony. */
export type WebAuthnMethod = Extract<VerificationMethod, 'PASSKEY' | 'SECURITY_KEY'>;

export const isVerificationMethod = (value: unknown): value is VerificationMethod =>
  typeof value === 'string' && (VERIFICATION_METHODS as readonly string[]).includes(value);

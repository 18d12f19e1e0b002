/**
 * Types of /settings/security (`securitySettings`): the signed-in user's sign-in methods for step-up
 * confirmation, adding one (the `enrolAuthenticator` chart, invoked while its dialog is open) and removing
 * one (a risky action: the app server may ask the user to confirm it's them first, the `stepUpConfirmation`
 * chart, invoked while the removal is sent).
 */
import type { UserAuthenticator } from '@contract/provider';
import type { VerificationMethod } from '../challenge/methods';
import type { Enrolment } from '../enrolAuthenticator/enrolAuthenticator.types';

export type Authenticator = UserAuthenticator;

export interface SecuritySettingsInput {
  /** The signed-in user's sign-in address (the e-mail step starts with it). */
  email: string;
}

/** A message above the list after something changed. */
export interface SecurityNotice {
  tone: 'success' | 'error';
  text: string;
}

export interface SecuritySettingsContext {
  email: string;
  authenticators: Authenticator[];
  loadError: string | null;
  notice: SecurityNotice | null;
  /** The authenticator whose removal is being confirmed or sent. */
  removal: Authenticator | null;
  /** Why the removal was refused (shown in the confirmation). */
  removeError: string | null;
  /**
   * The enrolment token the server handed out once the user confirmed it's them (adding a method is a risky
   * action, issue 11); the add dialog runs on it. Null outside the dialog.
   */
  enrolment: Enrolment | null;
}

export type SecuritySettingsEvent =
  | { type: 'retry' }
  /** “Add a sign-in method”. */
  | { type: 'add.start' }
  /** The add dialog was closed before it finished. */
  | { type: 'add.cancel' }
  /** “Remove” on one item. */
  | { type: 'remove.request'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  /** “Generate recovery codes” / “Regenerate”. */
  | { type: 'codes.start' }
  | { type: 'notice.dismiss' };

export type { VerificationMethod };

import * as v from 'valibot';
import { type VerificationMethod, VerificationMethodSchema } from './provider';

/**
 * Telling the user that a sign-in method was added to their account (issue 11): an e-mail to the sign-in
 * address, and a notice every session of the user shows until it is dismissed there.
 */

/** How people read each method (the security settings' list, the notice, the e-mail). */
export const VERIFICATION_METHOD_NAMES: Record<VerificationMethod, string> = {
  PASSKEY: 'Passkey',
  SECURITY_KEY: 'Security key',
  AUTHENTICATOR_APP: 'Authenticator app',
  EMAIL_OTP: 'E-mail code',
  EMAIL_MAGIC_LINK: 'E-mail link',
  SMS: 'Text message',
  RECOVERY_CODE: 'Recovery code',
};

export const SECURITY_NOTICE_KINDS = ['authenticator_added'] as const;

export const SecurityNoticeSchema = v.object({
  id: v.string(),
  kind: v.picklist(SECURITY_NOTICE_KINDS),
  method: VerificationMethodSchema,
  /** "Chrome on macOS", or "an unknown browser". */
  browser: v.string(),
  /** ISO date-time of the addition. */
  createdAt: v.string(),
});
export type SecurityNotice = v.InferOutput<typeof SecurityNoticeSchema>;

/** GET /api/security/notices: what this session has not dismissed yet, newest first. */
export const SecurityNoticeListSchema = v.object({ notices: v.array(SecurityNoticeSchema) });
export type SecurityNoticeList = v.InferOutput<typeof SecurityNoticeListSchema>;

/** POST /api/security/notices/dismiss: the notices this session has shown. */
export const DismissNoticesSchema = v.object({
  ids: v.pipe(v.array(v.pipe(v.string(), v.uuid('Not a notice id'))), v.maxLength(50)),
});
export type DismissNotices = v.InferOutput<typeof DismissNoticesSchema>;

/** “Authenticator app was added to your Flightplan account on 22 Nov 2026, 10:15 UTC, from Chrome on macOS.” */
export function methodAddedSentence(
  notice: Pick<SecurityNotice, 'method' | 'browser' | 'createdAt'>,
): string {
  const when = new Date(notice.createdAt).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `A sign-in method was added to your Flightplan account: ${VERIFICATION_METHOD_NAMES[notice.method]}, on ${when} UTC, from ${notice.browser}.`;
}

/** What to do when it was not you. */
export const METHOD_ADDED_ADVICE =
  'If this wasn’t you, remove it in Settings → Security and change your password: someone may be signed in as you.';

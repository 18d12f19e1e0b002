import type { NotificationKind, NotificationPreference } from '@contract/notifications';

/**
 * Types of Settings → Notifications (`notificationSettings`, issue 27): per kind of notification, whether
 * e-mail is sent too (the inbox always gets it).
 */

export type { NotificationKind, NotificationPreference };

/** What the page loads: the per-kind e-mail choices and the daily pacing digest (issue 28). */
export interface NotificationSettingsLoaded {
  preferences: NotificationPreference[];
  digest: boolean;
}

export interface NotificationSettingsContext {
  preferences: NotificationPreference[];
  /** The daily pacing digest e-mail is on. */
  digest: boolean;
  /** The digest's new value on its way to the server. */
  pendingDigest: boolean | null;
  /** The change on its way to the server. */
  pending: { kind: NotificationKind; email: boolean } | null;
  loadError: string | null;
  /** The save's refusal, or no answer. */
  error: string | null;
  notice: string | null;
}

export type NotificationSettingsEvent =
  | { type: 'retry' }
  /** A kind's "E-mail me" box ticked or unticked. */
  | { type: 'email.change'; kind: NotificationKind; email: boolean }
  /** The “Daily pacing digest” box ticked or unticked. */
  | { type: 'digest.change'; value: boolean }
  | { type: 'notice.dismiss' };

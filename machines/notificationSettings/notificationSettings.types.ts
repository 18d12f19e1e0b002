import type { NotificationKind, NotificationPreference } from '@contract/notifications';

/**
 * Types of Settings → Notifications (`notificationSettings`, issue 27): per kind of notification, whether
 * e-mail is sent too (the inbox always gets it).
 */

export type { NotificationKind, NotificationPreference };

export interface NotificationSettingsContext {
  preferences: NotificationPreference[];
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
  | { type: 'notice.dismiss' };

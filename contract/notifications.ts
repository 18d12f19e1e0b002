import * as v from 'valibot';
import { NOTIFICATION_KINDS, type NotificationKind } from './revisionStatus';

/**
 * The member's notifications (issue 27): an in-app inbox and, per kind as they choose, e-mail. The kinds are
 * `NOTIFICATION_KINDS` (contract/revisionStatus.ts, where the database's check reads them too).
 */

export { NOTIFICATION_KINDS, type NotificationKind };

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  approval_requested: 'A plan waits for my approval',
  plan_approved: 'A plan I sent was approved',
  changes_requested: 'A plan I sent came back with changes requested',
  platform_failed: 'A launch failed on a platform',
  connection_needs_reconnect: 'A platform connection needs reconnecting',
  budget_off_pace: 'A budget goes off pace',
};

/** Whether e-mail is sent for a kind until the member says otherwise. */
export const EMAIL_BY_DEFAULT: Readonly<Record<NotificationKind, boolean>> = {
  approval_requested: true,
  plan_approved: true,
  changes_requested: true,
  platform_failed: true,
  connection_needs_reconnect: true,
  budget_off_pace: false,
};

export const NotificationSchema = v.object({
  id: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  /** An in-app path. */
  link: v.string(),
  /** The account it is about (the inbox switches to it before following the link); null: the organization. */
  accountId: v.nullable(v.string()),
  createdAt: v.string(),
  readAt: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** `GET /api/notifications`: the current organization's, newest first, and how many are unread. */
export const NotificationListSchema = v.object({
  notifications: v.array(NotificationSchema),
  unreadCount: v.number(),
});
export type NotificationList = v.InferOutput<typeof NotificationListSchema>;

export const NotificationPreferenceSchema = v.object({
  kind: v.picklist(NOTIFICATION_KINDS),
  label: v.string(),
  email: v.boolean(),
});
export type NotificationPreference = v.InferOutput<typeof NotificationPreferenceSchema>;
export const NotificationPreferencesSchema = v.array(NotificationPreferenceSchema);

/** `PUT /api/notifications/preferences` */
export const NotificationPreferenceUpdateSchema = v.object({
  kind: v.picklist(NOTIFICATION_KINDS, `Choose one of ${NOTIFICATION_KINDS.join(', ')}`),
  email: v.boolean('Say whether to send e-mail (true or false)'),
});

/**
 * `GET`/`PUT /api/notifications/digest` (issue 28): whether the member gets the daily pacing digest — one
 * e-mail each morning listing the flights off pace in the accounts they work in (none when nothing is).
 */
export const PacingDigestSchema = v.object({
  pacingDigest: v.boolean('Say whether to send the daily pacing digest (true or false)'),
});
export type PacingDigest = v.InferOutput<typeof PacingDigestSchema>;

import {
  type NotificationKind,
  type NotificationList,
  NotificationListSchema,
  NotificationPreferencesSchema,
  NotificationSchema,
  PacingDigestSchema,
} from '@contract/notifications';
import * as v from 'valibot';
import { requestJson } from './http';

/** The member's inbox (issue 27, server/openapi/paths/notifications.ts). Failures reject with an ApiError. */

export function loadInbox(): Promise<NotificationList> {
  return requestJson('GET', 'api/notifications', NotificationListSchema, {
    searchParams: { _start: 0, _end: 20 },
  });
}

export function markNotificationRead(id: string) {
  return requestJson('POST', `api/notifications/${encodeURIComponent(id)}/read`, NotificationSchema);
}

export function markAllNotificationsRead() {
  return requestJson('POST', 'api/notifications/read-all', v.object({ success: v.literal(true) }));
}

export function loadNotificationPreferences() {
  return requestJson('GET', 'api/notifications/preferences', NotificationPreferencesSchema);
}

export function saveNotificationPreference(kind: NotificationKind, email: boolean) {
  return requestJson('PUT', 'api/notifications/preferences', NotificationPreferencesSchema, {
    json: { kind, email },
  });
}

export function loadPacingDigest() {
  return requestJson('GET', 'api/notifications/digest', PacingDigestSchema);
}

export function savePacingDigest(pacingDigest: boolean) {
  return requestJson('PUT', 'api/notifications/digest', PacingDigestSchema, { json: { pacingDigest } });
}

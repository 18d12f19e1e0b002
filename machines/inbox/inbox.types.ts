import type { Notification, NotificationList } from '@contract/notifications';

/** Types of the notification bell and its list (`inbox`, issue 27). */

export type { Notification, NotificationList };

export interface InboxContext {
  notifications: Notification[];
  unreadCount: number;
  /** The list could not be read (the bell keeps what it had). */
  error: string | null;
  /** The notification being opened. */
  opening: Notification | null;
  /** The list is open under the bell. */
  isOpen: boolean;
}

export type InboxEvent =
  /** The bell opened: the list shows, and asks for news at once. */
  | { type: 'inbox.open' }
  /** The list closed (Escape, a click elsewhere, the bell again). */
  | { type: 'inbox.close' }
  /** A notification clicked: it is marked read and its link followed. */
  | { type: 'notification.open'; id: string }
  | { type: 'inbox.readAll' };

/** Where the page goes: the notification's link (the hook switches account first when it is another's). */
export type InboxEmitted = { type: 'inbox.navigate'; notification: Notification };

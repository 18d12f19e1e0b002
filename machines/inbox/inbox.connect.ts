import type { SnapshotFrom } from 'xstate';
import type { InboxMachine } from './inbox.machine';
import type { InboxEvent, Notification } from './inbox.types';

export type InboxSnapshot = SnapshotFrom<InboxMachine>;

/** What the bell and its list show, commands included. */
export interface InboxView {
  unreadCount: number;
  /** "Notifications, 3 unread" / "Notifications": the bell's accessible name. */
  bellLabel: string;
  /** The badge's text: the count, "99+" above 99; null when nothing is unread. */
  badge: string | null;
  notifications: Notification[];
  isLoading: boolean;
  error: string | null;
  isBusy: boolean;
  /** The list is open under the bell. */
  isOpen: boolean;
  openList: () => void;
  closeList: () => void;
  open: (id: string) => void;
  readAll: () => void;
}

export function connectInbox(snapshot: InboxSnapshot, send: (event: InboxEvent) => void): InboxView {
  const { unreadCount, notifications, error } = snapshot.context;
  return {
    unreadCount,
    bellLabel: unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications',
    badge: unreadCount > 0 ? (unreadCount > 99 ? '99+' : String(unreadCount)) : null,
    notifications,
    isLoading: snapshot.matches('loading') && notifications.length === 0,
    error,
    isBusy: snapshot.matches('opening') || snapshot.matches('readingAll'),
    isOpen: snapshot.context.isOpen,
    openList: () => send({ type: 'inbox.open' }),
    closeList: () => send({ type: 'inbox.close' }),
    open: (id) => send({ type: 'notification.open', id }),
    readAll: () => send({ type: 'inbox.readAll' }),
  };
}

import type { NotificationList } from '@contract/notifications';
import { assign, emit, fromPromise, setup } from 'xstate';
import { INBOX_POLL_MS } from '../delays';
import { describeFailure } from '../shared/errors';
import type { InboxContext, InboxEmitted, InboxEvent, Notification } from './inbox.types';

const failure = (error: unknown) => describeFailure(error, []).formError;

export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    emitted: {} as InboxEmitted,
  },
  actors: {
    loadInbox: fromPromise<NotificationList>(async () => {
      throw new Error('not provided: loadInbox');
    }),
    markRead: fromPromise<Notification, { id: string }>(async () => {
      throw new Error('not provided: markRead');
    }),
    markAllRead: fromPromise<unknown>(async () => {
      throw new Error('not provided: markAllRead');
    }),
  },
  delays: { pollInterval: INBOX_POLL_MS },
  guards: {
    isKnown: ({ context, event }) =>
      context.isOpen &&
      event.type === 'notification.open' &&
      context.notifications.some((n) => n.id === event.id),
    isClosed: ({ context }) => !context.isOpen,
    isOpen: ({ context }) => context.isOpen,
  },
  actions: {
    showList: assign((_, params: { list: NotificationList }) => ({
      notifications: params.list.notifications,
      unreadCount: params.list.unreadCount,
      error: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: failure(params.error) })),
    pick: assign(({ context, event }) => ({
      opening:
        event.type === 'notification.open'
          ? (context.notifications.find((n) => n.id === event.id) ?? null)
          : null,
    })),
    /** The server's answer: the notification as read. */
    markOpenedRead: assign(({ context }, params: { read: Notification }) => {
      const opened = context.opening;
      if (!opened || opened.readAt) return {};
      return {
        notifications: context.notifications.map((n) => (n.id === opened.id ? params.read : n)),
        unreadCount: Math.max(0, context.unreadCount - 1),
      };
    }),
    follow: emit(({ context }) => ({
      type: 'inbox.navigate' as const,
      notification: context.opening as Notification,
    })),
    forget: assign({ opening: null }),
    show: assign({ isOpen: true }),
    hide: assign({ isOpen: false }),
  },
}).createMachine({
  id: 'inbox',
  description:
    'The bell in the header: the unread count, and the member’s notifications newest first. Opening one ' +
    'marks it read and goes where it points (in its account); “Mark all as read” clears the count. It asks ' +
    'for news every minute and whenever the bell opens.',
  context: { notifications: [], unreadCount: 0, error: null, opening: null, isOpen: false },
  on: { 'inbox.close': { guard: 'isOpen', actions: 'hide' } },
  initial: 'loading',
  states: {
    loading: {
      description:
        'Asking for the notifications and the unread count (the bell shows what it had meanwhile). One of ' +
        'those can be opened meanwhile: the click is not lost to the refresh.',
      on: {
        'notification.open': { guard: 'isKnown', target: 'opening', actions: 'pick' },
      },
      invoke: {
        id: 'loadInbox',
        src: 'loadInbox',
        onDone: {
          target: 'ready',
          actions: { type: 'showList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      description: 'The list as last read; a minute later, or when the bell opens, it asks again.',
      after: { pollInterval: 'loading' },
      on: {
        'inbox.open': { guard: 'isClosed', target: 'loading', actions: 'show' },
        'notification.open': { guard: 'isKnown', target: 'opening', actions: 'pick' },
        'inbox.readAll': { guard: 'isOpen', target: 'readingAll' },
      },
    },
    opening: {
      description: 'Marking the notification read, then following its link (even if marking failed).',
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.opening?.id ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'markOpenedRead', params: ({ event }) => ({ read: event.output }) },
            'follow',
            'forget',
            'hide',
          ],
        },
        onError: { target: 'ready', actions: ['follow', 'forget', 'hide'] },
      },
    },
    readingAll: {
      description: 'Marking every notification read, then reading the list again.',
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: 'loading',
        onError: {
          target: 'ready',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type InboxMachine = typeof inboxMachine;

import { defineChart } from '../chart';
import { inboxMachine } from './inbox.machine';
import type { NotificationList } from './inbox.types';

const list: NotificationList = {
  unreadCount: 1,
  notifications: [
    {
      id: 'n-1',
      kind: 'approval_requested',
      title: 'Spring Launch: revision 2 waits for your approval',
      body: 'Pia Planner sent revision 2 of Spring Launch for your approval.',
      link: '/campaigns/c-1/revisions/2',
      accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
      createdAt: '2026-11-28T09:00:00.000Z',
      readAt: null,
    },
    {
      id: 'n-0',
      kind: 'plan_approved',
      title: 'Autumn: revision 1 approved',
      body: 'Cleo Client approved revision 1 of Autumn.',
      link: '/campaigns/c-0/revisions/1',
      accountId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
      createdAt: '2026-11-27T09:00:00.000Z',
      readAt: '2026-11-27T10:00:00.000Z',
    },
  ],
};

export const inboxChart = defineChart({
  name: 'inbox',
  title: 'Notifications (the bell)',
  machine: inboxMachine,
  description: inboxMachine.root.description ?? '',
  events: [
    { type: 'xstate.done.actor.loadInbox', output: list },
    { type: 'xstate.error.actor.loadInbox', error: new TypeError('Failed to fetch') },
    { type: 'inbox.open' },
    { type: 'inbox.close' },
    { type: 'notification.open', id: 'n-1' },
    { type: 'notification.open', id: 'gone' },
    {
      type: 'xstate.done.actor.markRead',
      output: { ...list.notifications[0]!, readAt: '2026-11-28T09:05:00.000Z' },
    },
    { type: 'xstate.error.actor.markRead', error: { status: 404, message: 'Notification not found' } },
    { type: 'inbox.readAll' },
    { type: 'xstate.done.actor.markAllRead', output: { success: true } },
    { type: 'xstate.error.actor.markAllRead', error: new TypeError('Failed to fetch') },
    { type: 'xstate.after.pollInterval.inbox.ready' },
  ],
});

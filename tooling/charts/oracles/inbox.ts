/**
 * What the notification bell promises (issue 27), from the issue: an unread count, the list newest first as
 * the server sent it, “mark as read” when one is opened (and it is followed even if that failed), “mark all
 * as read” clears the count; news is asked for again when the bell opens or a minute passes.
 */
import { connectInbox } from '@machines/inbox/inbox.connect';
import { inboxMachine } from '@machines/inbox/inbox.machine';
import type { Notification, NotificationList } from '@machines/inbox/inbox.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof inboxMachine;

const view = (step: Parameters<OracleCheck<Machine>>[0]) => connectInbox(step.snapshot, () => {});

const ready: OracleCheck<Machine> = (step) => {
  const { context, event, previous, emitted } = step;
  const shown = view(step);
  expectEqual(
    shown.bellLabel,
    context.unreadCount > 0 ? `Notifications, ${context.unreadCount} unread` : 'Notifications',
    'the bell says how many are unread',
  );
  expectFields(shown, { isBusy: false });
  const before = previous?.context;
  switch (event.type) {
    case 'xstate.done.actor.loadInbox': {
      const list = event.output as NotificationList;
      expectFields(context, {
        notifications: list.notifications,
        unreadCount: list.unreadCount,
        error: null,
      });
      break;
    }
    case 'xstate.error.actor.loadInbox':
    case 'xstate.error.actor.markAllRead':
      expectEqual(context.error, formMessage(event.error), 'why');
      if (event.type === 'xstate.error.actor.loadInbox')
        expectEqual(context.notifications, before!.notifications, 'the list it had stays');
      break;
    case 'xstate.done.actor.markRead':
    case 'xstate.error.actor.markRead': {
      const opened = before!.opening as Notification;
      expectEqual(emitted, [{ type: 'inbox.navigate', notification: opened }], 'its link is followed');
      if (event.type === 'xstate.done.actor.markRead') {
        expectThat(context.notifications.find((n) => n.id === opened.id)?.readAt != null, 'marked read');
        expectEqual(
          context.unreadCount,
          opened.readAt ? before!.unreadCount : before!.unreadCount - 1,
          'count',
        );
      } else expectEqual(context.unreadCount, before!.unreadCount, 'count kept');
      break;
    }
    case 'notification.open':
      // One the list does not hold: nothing happens.
      expectThat(!before!.notifications.some((n) => n.id === event.id), 'a listed one was not opened');
      break;
    default:
      break;
  }
  expectEqual(
    sentBy(
      (send) => connectInbox(step.snapshot, send),
      (v) => {
        v.openList();
        v.closeList();
        v.readAll();
        v.open('n-1');
      },
    ),
    [
      { type: 'inbox.open' },
      { type: 'inbox.close' },
      { type: 'inbox.readAll' },
      { type: 'notification.open', id: 'n-1' },
    ],
    'the bell sends',
  );
};

export const inboxOracle = defineOracle(inboxMachine, {
  states: {
    loading: (step) => {
      expectEqual(
        view(step).isLoading,
        step.context.notifications.length === 0,
        'loading shows only at first',
      );
    },
    ready,
    opening: (step) => {
      expectThat(step.previous!.context.isOpen, 'opened from the open list');
      expectEqual(step.event.type, 'notification.open', 'opened by a click');
      expectEqual(step.context.opening?.id, (step.event as { id?: string }).id, 'the one clicked');
      expectFields(view(step), { isBusy: true });
    },
    readingAll: (step) => expectFields(view(step), { isBusy: true }),
  },
});

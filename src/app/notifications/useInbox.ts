import { connectInbox, type InboxView, inboxMachine } from '@machines/inbox';
import { loadInbox, markAllNotificationsRead, markNotificationRead } from '@src/api/notifications';
import { useSession } from '@src/api/session';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';

const machine = inboxMachine.provide({
  actors: {
    loadInbox: fromPromise(() => loadInbox()),
    markRead: fromPromise(({ input }) => markNotificationRead(input.id)),
    markAllRead: fromPromise<unknown>(() => markAllNotificationsRead()),
  },
});

/**
 * The bell's chart bound to the API and the router: a notification about another account goes through the
 * account switch first (it then lands where it points), the others straight to their link.
 */
export function useInbox(): InboxView {
  const actorRef = useActorRef(machine);
  const snapshot = useSelector(actorRef, (current) => current);
  const navigate = useNavigate();
  const { account } = useSession();
  const accountRef = useRef(account?.id ?? null);
  accountRef.current = account?.id ?? null;
  useEffect(() => {
    const subscription = actorRef.on('inbox.navigate', ({ notification }) => {
      const { accountId, link } = notification;
      if (accountId && accountId !== accountRef.current)
        window.location.assign(
          `/account/switch?id=${encodeURIComponent(accountId)}&returnUrl=${encodeURIComponent(link)}`,
        );
      else void navigate(link);
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);
  return useMemo(() => connectInbox(snapshot, (event) => actorRef.send(event)), [snapshot, actorRef]);
}

import { Popover } from '@ark-ui/react/popover';
import { formatTimeAgo } from '@src/lib/format';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Link } from 'react-router-dom';
import * as shell from '../shell.css';
import * as styles from './bell.css';
import { useInbox } from './useInbox';

/** The bell in the header (issue 27): the unread count; opened, the member's notifications newest first. */
export function NotificationBell() {
  const inbox = useInbox();
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      open={inbox.isOpen}
      onOpenChange={({ open }) => (open ? inbox.openList() : inbox.closeList())}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={`${shell.menuTrigger} ${styles.trigger}`} aria-label={inbox.bellLabel}>
        <BellIcon />
        {inbox.badge ? (
          <span className={styles.badge} aria-hidden="true">
            {inbox.badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content className={`${shell.menuContent} ${styles.panel}`}>
          <div className={styles.head}>
            <Popover.Title className={styles.title}>Notifications</Popover.Title>
            <button
              type="button"
              className={styles.textButton}
              onClick={inbox.readAll}
              disabled={inbox.unreadCount === 0 || inbox.isBusy}
            >
              Mark all as read
            </button>
          </div>
          {inbox.error ? (
            <p role="alert" className={styles.note}>
              {inbox.error}
            </p>
          ) : null}
          {inbox.isLoading ? (
            <p className={styles.note}>Loading…</p>
          ) : inbox.notifications.length === 0 ? (
            <p className={styles.note}>
              Nothing yet. Approvals, failed launches and connections to renew show here.
            </p>
          ) : (
            <ul className={styles.list} aria-label="Notifications">
              {inbox.notifications.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={styles.item}
                    data-unread={notification.readAt === null || undefined}
                    onClick={() => inbox.open(notification.id)}
                    disabled={inbox.isBusy}
                  >
                    <span className={styles.itemTitle}>
                      {notification.readAt === null ? (
                        <>
                          <span className={styles.dot} aria-hidden="true" />
                          <span className={visuallyHidden}>Unread: </span>
                        </>
                      ) : null}
                      {notification.title}
                    </span>
                    <span className={styles.itemBody}>{notification.body}</span>
                    <span className={styles.itemTime}>{formatTimeAgo(notification.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.foot}>
            <Link to="/settings/notifications" className={styles.textButton}>
              E-mail settings
            </Link>
          </div>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" fill="none">
      <path
        d="M10 3a5 5 0 0 0-5 5v2.6L3.6 13.4A.8.8 0 0 0 4.3 14.6h11.4a.8.8 0 0 0 .7-1.2L15 10.6V8a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

import { Menu } from '@ark-ui/react/menu';
import type { SignedInUser } from '@machines/session';
import { usePermission } from '@src/api/session';
import { ChevronDownIcon } from '@src/ui/icons';
import { useNavigate } from 'react-router-dom';
import * as styles from './shell.css';

/** "DD" for Dana Demo; the e-mail's first letter without a name. */
export function initialsOf(user: Pick<SignedInUser, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (initials || user.email.charAt(0)).toUpperCase();
}

/** The signed-in user's name and e-mail, with links to their settings and "Sign out". */
export function UserMenu({ user, displayName }: { user: SignedInUser; displayName: string }) {
  const navigate = useNavigate();
  // A settings page the role may not use is not offered (the page itself says why, if opened).
  const sso = usePermission('sso.manage');
  return (
    <Menu.Root
      onSelect={({ value }) => void navigate(value)}
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      lazyMount
      unmountOnExit
    >
      <Menu.Trigger className={styles.menuTrigger} aria-label={`Account menu for ${displayName}`}>
        {/* The initials are a picture of the user, drawn by CSS from the data attribute: not text of the
            button's label, whose name is the user's (WCAG 2.5.3: the visible name is in the accessible name). */}
        <span className={styles.avatar} data-initials={initialsOf(user)} aria-hidden="true" />
        <span className={styles.userTriggerName}>{displayName}</span>
        <ChevronDownIcon className={styles.userChevron} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={styles.menuContent}>
          <div className={styles.userHeader}>
            <span className={styles.userName}>{displayName}</span>
            {displayName !== user.email ? <span className={styles.userEmail}>{user.email}</span> : null}
          </div>
          <Menu.Separator className={styles.menuSeparator} />
          <Menu.Item value="/billing" className={styles.menuItem}>
            Billing
          </Menu.Item>
          <Menu.Item value="/settings/white-label" className={styles.menuItem}>
            White-label settings
          </Menu.Item>
          <Menu.Item value="/settings/team" className={styles.menuItem}>
            Team
          </Menu.Item>
          {sso.allowed ? (
            <Menu.Item value="/settings/sso" className={styles.menuItem}>
              Single sign-on
            </Menu.Item>
          ) : null}
          <Menu.Item value="/settings/security" className={styles.menuItem}>
            Security
          </Menu.Item>
          <Menu.Item value="/settings/notifications" className={styles.menuItem}>
            Notifications
          </Menu.Item>
          <Menu.Item value="/settings/pacing" className={styles.menuItem}>
            Pacing alerts
          </Menu.Item>
          <Menu.Separator className={styles.menuSeparator} />
          <Menu.Item value="/auth/logout" className={styles.menuItem}>
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

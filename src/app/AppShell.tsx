import type { Action } from '@contract/policy';
import { usePolicy, useSession } from '@src/api/session';
import { provideStepUp } from '@src/api/stepUp';
import { requestStepUp } from '@src/features/challenge/requestStepUp';
import { StepUpHost } from '@src/features/challenge/StepUpHost';
import { AppToaster } from '@src/ui/AppToaster';
import { BrandMark } from '@src/ui/BrandMark';
import { MenuIcon } from '@src/ui/icons';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation } from 'react-router-dom';
import { brandOf } from './chrome/brand';
import { NotificationBell } from './notifications/NotificationBell';
import { SecurityNoticeBanner } from './SecurityNoticeBanner';
import { AccountSwitcher, OrganizationSwitcher } from './Switchers';
import * as styles from './shell.css';
import { TrialBanner } from './TrialBanner';
import { TrialExpiredPage } from './TrialExpiredPage';
import { useTrialGate } from './trial/useTrialGate';
import { UserMenu } from './UserMenu';

// Features ask for a step-up through src/api/stepUp.ts; the challenge feature answers (its dialog loads lazily).
provideStepUp(requestStepUp);

/** The app's sections, in the order of the navigation. */
export const NAV_ITEMS = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/budgets', label: 'Budgets' },
  { to: '/reports', label: 'Reports' },
  { to: '/customers', label: 'Customers' },
  { to: '/platforms', label: 'Platforms', permission: 'platforms.read' },
  { to: '/activity', label: 'Activity', permission: 'activity.read' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/organizations', label: 'Organizations' },
  { to: '/billing', label: 'Billing', permission: 'billing.read' },
  { to: '/settings', label: 'Settings' },
] as const satisfies readonly { to: string; label: string; end?: boolean; permission?: Action }[];

/**
 * The app chrome around every signed-in page: brand, organization and account switchers, user menu,
 * section tabs, the trial banner, and the trial-expired overlay over the page when the trial is over.
 */
export function AppShell() {
  const session = useSession();
  const { pathname } = useLocation();
  const { user, organization, account, displayName } = session;
  const brand = brandOf(organization);
  const trial = useTrialGate(organization, pathname);
  const policy = usePolicy();
  const navItems = NAV_ITEMS.filter((item) => !('permission' in item) || policy(item.permission).allowed);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.brand} aria-label={brand.name}>
            {brand.iconUrl ? (
              <img className={styles.brandIcon} src={brand.iconUrl} alt="" width={28} height={28} />
            ) : (
              <BrandMark className={styles.brandMark} size={28} />
            )}
            <span className={styles.brandName}>{brand.name}</span>
          </Link>
          {user ? (
            <>
              <span className={styles.slash} aria-hidden="true">
                /
              </span>
              <OrganizationSwitcher current={organization} />
              {organization ? (
                <>
                  <span className={styles.slash} aria-hidden="true">
                    /
                  </span>
                  <AccountSwitcher current={account} />
                </>
              ) : null}
            </>
          ) : null}
          <div className={styles.spacer} />
          {user && displayName ? (
            <>
              {organization ? <NotificationBell /> : null}
              <UserMenu user={user} displayName={displayName} />
            </>
          ) : (
            <Link to="/auth/login" className={styles.signInLink}>
              Sign in
            </Link>
          )}
        </div>
        {/* A section the role may not use is not offered (clients: no platforms, no billing). */}
        {user ? <MainNavigation items={navItems} pathname={pathname} /> : null}
      </header>
      {user ? <SecurityNoticeBanner key={user.id} /> : null}
      {trial.banner ? <TrialBanner banner={trial.banner} /> : null}
      <div className={styles.body}>
        <main
          id="main"
          className={trial.isBlocked ? `${styles.main} ${styles.blurred}` : styles.main}
          tabIndex={-1}
          inert={trial.isBlocked}
          aria-hidden={trial.isBlocked || undefined}
        >
          <Outlet />
        </main>
        {trial.isBlocked ? <TrialExpiredPage /> : null}
      </div>
      <AppToaster />
      {user ? <StepUpHost /> : null}
    </div>
  );
}

type NavItem = (typeof NAV_ITEMS)[number];

/**
 * The sections: tabs on a wide screen; on a phone (where eleven tabs would scroll sideways) a "Menu" button
 * naming the current section, which opens them as a list (a disclosure: Escape or a chosen section closes
 * it, and focus goes back to the button on Escape).
 */
function MainNavigation({ items, pathname }: { items: readonly NavItem[]; pathname: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = items.find((item) => matchPath({ path: item.to, end: 'end' in item }, pathname));
  // A new page closes the menu (a section chosen, or Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each navigation
  useEffect(() => setOpen(false), [pathname]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <nav aria-label="Main" className={styles.tabs} onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
        <span>Menu</span>{' '}
        {current ? (
          <>
            <span aria-hidden="true" className={styles.menuCurrent}>
              ·
            </span>{' '}
            <span className={styles.menuCurrent}>{current.label}</span>
          </>
        ) : null}
      </button>
      <ul id={listId} className={styles.tabList} data-open={open || undefined}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={'end' in item} className={styles.tab}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default AppShell;

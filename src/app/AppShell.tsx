import { Link, NavLink, Outlet } from 'react-router-dom';
import { BrandMark } from './BrandMark';
import { PRODUCT_NAME } from './constants';
import { useSignedInUser } from './RequireUser';
import * as styles from './shell.css';

/** The minimal app chrome: navbar (brand, Campaigns, the user's e-mail, Sign out) above the page. */
export function AppShell() {
  const user = useSignedInUser();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={styles.navbar}>
        <div className={styles.navbarInner}>
          <Link to="/" className={styles.brand}>
            <BrandMark className={styles.brandMark} />
            {PRODUCT_NAME}
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <NavLink to="/campaigns" className={styles.navLink}>
              Campaigns
            </NavLink>
          </nav>
          <div className={styles.spacer} />
          <div className={styles.account}>
            <span className={styles.email} title={user.email}>
              {user.email}
            </span>
            <Link to="/auth/logout" className={styles.signOut}>
              Sign out
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

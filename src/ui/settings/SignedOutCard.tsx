import { Link } from 'react-router-dom';
import { loginPathFor } from '../../lib/returnUrl';
import * as styles from './settings.css';

/** Shown on pages open to signed-out visitors (/organizations, /onboarding) when nobody is signed in. */
export function SignedOutCard({ returnTo, text }: { returnTo: string; text: string }) {
  return (
    <section className={styles.card} aria-label="Sign in required">
      <div className={styles.listState}>
        <p className={styles.stateTitle}>You are signed out</p>
        <p className={styles.stateText}>{text}</p>
        <div className={styles.stateAction}>
          <Link to={loginPathFor(returnTo)} className={styles.linkButton.primary}>
            Sign in
          </Link>
          <Link to="/auth/signup" className={styles.linkButton.secondary}>
            Create an account
          </Link>
        </div>
      </div>
    </section>
  );
}

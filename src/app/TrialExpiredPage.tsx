import { button } from '@src/ui/button.css';
import { WarningIcon } from '@src/ui/icons';
import { Link } from 'react-router-dom';
import * as styles from './shell.css';

export const TRIAL_EXPIRED_TITLE = 'Your trial has expired.';
export const TRIAL_EXPIRED_TEXT = 'Upgrade to a plan to keep planning and running your campaigns.';

/**
 * The trial-expired page (spec §2), shown over the blurred page: its "Upgrade now" links to the relative
 * route 'billing', resolved from the app's root route, so it lands on /billing.
 */
export function TrialExpiredPage() {
  return (
    <div className={styles.overlay}>
      <section
        className={styles.overlayCard}
        role="dialog"
        aria-modal="true"
        aria-labelledby="trial-expired-title"
      >
        <span className={styles.overlayIcon}>
          <WarningIcon size={22} />
        </span>
        <h1 id="trial-expired-title" className={styles.overlayTitle}>
          {TRIAL_EXPIRED_TITLE}
        </h1>
        <p className={styles.overlayText}>{TRIAL_EXPIRED_TEXT}</p>
        <div className={styles.overlayActions}>
          <Link to="billing" relative="route" className={button.primary}>
            Upgrade now
          </Link>
        </div>
      </section>
    </div>
  );
}

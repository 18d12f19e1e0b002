import type { TrialBanner as Banner } from '@machines/trialGate';
import { InfoIcon, WarningIcon } from '@src/ui/icons';
import { Link } from 'react-router-dom';
import * as styles from './shell.css';

/** The trial banner (spec §2): the days left (informational) or "Your trial has expired!" (error). */
export function TrialBanner({ banner }: { banner: Banner }) {
  return (
    <section className={styles.banner[banner.tone]} aria-label="Trial status">
      <div className={styles.bannerInner}>
        <p className={styles.bannerText} role={banner.tone === 'error' ? 'alert' : 'status'}>
          {banner.tone === 'error' ? <WarningIcon /> : <InfoIcon />}
          {banner.message}
        </p>
        <Link to={banner.actionHref} className={styles.bannerAction}>
          {banner.actionLabel}
        </Link>
      </div>
    </section>
  );
}

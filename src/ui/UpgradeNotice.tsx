import { REQUIRES_UPGRADE } from '@contract/billing';
import { Link } from 'react-router-dom';
import { button } from './button.css';
import { WarningIcon } from './icons';
import * as styles from './upgrade.css';

/** True for an API answer (ApiError, or its JSON body) whose errorCode is REQUIRES_UPGRADE (spec §6, §8). */
export function isRequiresUpgrade(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorCode?: unknown }).errorCode === REQUIRES_UPGRADE
  );
}

export const UPGRADE_TITLE = 'Upgrade to unlock this feature';
export const UPGRADE_TEXT = 'Your plan does not include this feature. Upgrade to use it.';

/**
 * The upgrade message for a REQUIRES_UPGRADE answer (spec §8): what is missing, and "Upgrade now" to
 * /billing/plans. Pass the server's `message` to say which feature.
 */
export function UpgradeNotice({
  message = UPGRADE_TEXT,
  title = UPGRADE_TITLE,
  className,
}: {
  message?: string;
  title?: string;
  className?: string;
}) {
  return (
    <div role="alert" className={[styles.notice, className].filter(Boolean).join(' ')}>
      <WarningIcon className={styles.icon} />
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        <p className={styles.text}>{message}</p>
      </div>
      <Link to="/billing/plans" className={`${button.primary} ${styles.action}`}>
        Upgrade now
      </Link>
    </div>
  );
}

/** Renders the upgrade message when `error` is a REQUIRES_UPGRADE answer, nothing otherwise. */
export function UpgradeNoticeFor({ error, className }: { error: unknown; className?: string }) {
  if (!isRequiresUpgrade(error)) return null;
  const message = (error as { message?: unknown }).message;
  return (
    <UpgradeNotice
      className={className}
      message={typeof message === 'string' && message ? message : UPGRADE_TEXT}
    />
  );
}

import { METHOD_ADDED_ADVICE, methodAddedSentence, type SecurityNotice } from '@contract/securityNotices';
import { securityNoticesApi } from '@src/api/securityNotices';
import { WarningIcon } from '@src/ui/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './shell.css';

/**
 * Issue 11: when a sign-in method was added to the account (from this browser or any other), every session of
 * the user shows it here on its next load, with what to do if it wasn't them, until dismissed in that session.
 * The sign-in address gets the same words by e-mail. Keyed by the user in the shell: a new user, a new list.
 */
export function SecurityNoticeBanner() {
  const [notices, setNotices] = useState<SecurityNotice[]>([]);

  useEffect(() => {
    let live = true;
    securityNoticesApi.list().then(
      (list) => {
        if (live) setNotices(list);
      },
      () => {
        // The page works without it; the e-mail carries the same news.
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (notices.length === 0) return null;
  const dismiss = () => {
    const ids = notices.map((notice) => notice.id);
    setNotices([]);
    void securityNoticesApi.dismiss(ids).catch(() => {});
  };
  return (
    <section className={styles.banner.error} aria-label="Security notice">
      <div className={styles.bannerInner}>
        <div role="alert">
          {notices.map((notice) => (
            <p key={notice.id} className={styles.bannerText}>
              <WarningIcon />
              {methodAddedSentence(notice)}
            </p>
          ))}
          <p>{METHOD_ADDED_ADVICE}</p>
        </div>
        <div className={styles.bannerText}>
          <Link to="/settings/security" className={styles.bannerAction} onClick={dismiss}>
            Review sign-in methods
          </Link>
          <button type="button" className={styles.bannerAction} onClick={dismiss}>
            Dismiss
          </button>
        </div>
      </div>
    </section>
  );
}

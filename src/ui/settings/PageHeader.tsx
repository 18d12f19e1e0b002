import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './settings.css';

/** Title, one line of explanation and the page's main actions; `parent` adds a breadcrumb above the title. */
export function PageHeader({
  title,
  subtitle,
  parent,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  parent?: { label: string; to?: string };
  actions?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.headerText}>
        {parent ? (
          <nav aria-label="Breadcrumb" className={styles.eyebrow}>
            {parent.to ? (
              <Link to={parent.to} className={styles.eyebrowLink}>
                {parent.label}
              </Link>
            ) : (
              <span>{parent.label}</span>
            )}
            <span aria-hidden="true">/</span>
          </nav>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './records.css';

/** "Campaigns / Spring launch" above a record's title. */
export function Breadcrumb({ items }: { items: readonly { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={styles.breadcrumb}>
        {items.map((item, i) => (
          <li key={item.to ?? `current:${item.label}`} className={styles.crumb}>
            {i > 0 ? (
              <span className={styles.crumbSeparator} aria-hidden="true">
                /
              </span>
            ) : null}
            {item.to ? (
              <Link to={item.to} className={styles.crumbLink}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function PageHeader({
  breadcrumb,
  title,
  badge,
  subtitle,
  actions,
}: {
  breadcrumb?: readonly { label: string; to?: string }[];
  title: ReactNode;
  badge?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.headerText}>
        {breadcrumb ? <Breadcrumb items={breadcrumb} /> : null}
        <h1 className={styles.title}>
          {title}
          {badge}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

/** A card of labelled values (a description list). */
export function FieldsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={`${slug(title)}-title`}>
      <header className={styles.cardHeader}>
        <h2 id={`${slug(title)}-title`} className={styles.cardTitle}>
          {title}
        </h2>
      </header>
      <div className={styles.cardBody}>
        <dl className={styles.fields}>{children}</dl>
      </div>
    </section>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt className={styles.fieldLabel}>{label}</dt>
      <dd className={styles.fieldValue}>{children}</dd>
    </div>
  );
}

export function Chips({ items, label }: { items: readonly string[]; label: string }) {
  if (items.length === 0) return <span className={styles.muted}>None</span>;
  return (
    <ul className={styles.chips} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={styles.chip}>
          {item}
        </li>
      ))}
    </ul>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

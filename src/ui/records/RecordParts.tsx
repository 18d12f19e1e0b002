import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as badgeCss from '../../ui/badge.css';
import * as cardCss from '../../ui/card.css';
import * as pageCss from '../../ui/page.css';
import * as recordCss from '../../ui/record.css';
import * as textCss from '../../ui/text.css';

/** "Campaigns / Spring launch" above a record's title. */
export function Breadcrumb({ items }: { items: readonly { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={pageCss.breadcrumb}>
        {items.map((item, i) => (
          <li key={item.to ?? `current:${item.label}`} className={pageCss.crumb}>
            {i > 0 ? (
              <span className={pageCss.crumbSeparator} aria-hidden="true">
                /
              </span>
            ) : null}
            {item.to ? (
              <Link to={item.to} className={pageCss.crumbLink}>
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
    <div className={pageCss.header}>
      <div className={pageCss.headerText}>
        {breadcrumb ? <Breadcrumb items={breadcrumb} /> : null}
        <h1 className={pageCss.title}>
          {title}
          {badge}
        </h1>
        {subtitle ? <p className={pageCss.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={pageCss.actions}>{actions}</div> : null}
    </div>
  );
}

/** A card of labelled values (a description list). */
export function FieldsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardCss.card} aria-labelledby={`${slug(title)}-title`}>
      <header className={recordCss.cardHeader}>
        <h2 id={`${slug(title)}-title`} className={cardCss.cardTitle}>
          {title}
        </h2>
      </header>
      <div className={recordCss.cardBody}>
        <dl className={recordCss.fields}>{children}</dl>
      </div>
    </section>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={recordCss.field}>
      <dt className={recordCss.fieldLabel}>{label}</dt>
      <dd className={recordCss.fieldValue}>{children}</dd>
    </div>
  );
}

export function Chips({ items, label }: { items: readonly string[]; label: string }) {
  if (items.length === 0) return <span className={textCss.muted}>None</span>;
  return (
    <ul className={badgeCss.chips} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={badgeCss.chip}>
          {item}
        </li>
      ))}
    </ul>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

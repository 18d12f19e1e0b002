import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as pageCss from '../../ui/page.css';

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
    <div className={pageCss.header}>
      <div className={pageCss.headerText}>
        {parent ? (
          <nav aria-label="Breadcrumb" className={pageCss.eyebrow}>
            {parent.to ? (
              <Link to={parent.to} className={pageCss.crumbLink}>
                {parent.label}
              </Link>
            ) : (
              <span>{parent.label}</span>
            )}
            <span aria-hidden="true">/</span>
          </nav>
        ) : null}
        <h1 className={pageCss.title}>{title}</h1>
        {subtitle ? <p className={pageCss.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={pageCss.actions}>{actions}</div> : null}
    </div>
  );
}

import type { Action } from '@contract/policy';
import { usePermission } from '@src/api/session';
import { useId } from 'react';
import { Link, type To } from 'react-router-dom';
import * as a11y from './a11y.css';

/**
 * A link to an action the member's role may take; otherwise the same control disabled, with the reason in
 * its tooltip and read with it by screen readers ("Analysts can't launch campaigns").
 */
export function PermittedLink({
  action,
  to,
  className,
  children,
  label,
}: {
  action: Action;
  to: To;
  className?: string;
  children: React.ReactNode;
  /** The accessible name when the text alone is not enough ("Launch Spring Sale"). */
  label?: string;
}) {
  const { allowed, reason } = usePermission(action);
  const reasonId = useId();
  if (allowed) {
    return (
      <Link to={to} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        disabled
        title={reason ?? undefined}
        aria-label={label}
        aria-describedby={reasonId}
      >
        {children}
      </button>
      <span id={reasonId} className={a11y.visuallyHidden}>
        {reason}
      </span>
    </>
  );
}

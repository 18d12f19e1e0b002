import type { ReactNode } from 'react';
import { alert, body, icon, region } from './alert.css';

/**
 * A live region for messages from the server. It is always rendered (empty when there is nothing to say),
 * so screen readers announce the message the moment it appears.
 */
export function AlertRegion({ message, children }: { message: string | null; children?: ReactNode }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true" className={region}>
      {message ? (
        <div className={alert.error}>
          <svg className={icon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 4.5v4.2M8 11.2v.3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <div className={body}>
            {message}
            {children}
          </div>
        </div>
      ) : null}
    </div>
  );
}

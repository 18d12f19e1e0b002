import type { ReactNode } from 'react';
import { alert, body, icon, region } from './alert.css';
import { WarningIcon } from './icons';

/**
 * A live region for messages from the server. It is always rendered (empty when there is nothing to say),
 * so screen readers announce the message the moment it appears.
 */
export function AlertRegion({ message, children }: { message: string | null; children?: ReactNode }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true" className={region}>
      {message ? (
        <div className={alert.error}>
          <WarningIcon className={icon} />
          <div className={body}>
            {message}
            {children}
          </div>
        </div>
      ) : null}
    </div>
  );
}

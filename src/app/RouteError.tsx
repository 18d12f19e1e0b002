import * as styles from '@src/ui/authPage.css';
import { button } from '@src/ui/button.css';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { reportClientError } from './reportError';

/** An ApiError from a page's data carries the HTTP status (duck-typed: the API client stays out of the entry chunk). */
export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

export const NOT_FOUND_TITLE = 'Not found';
export const NOT_FOUND_TEXT = "Sorry, we couldn't find that.";
export const ERROR_TITLE = 'Sorry, something went wrong.';
export const ERROR_TEXT = "We've been notified. Please try again soon.";

/** The error screen's card: 404 → "Not found", anything else → "Sorry, something went wrong.". */
export function ErrorCard({
  status,
  inline = false,
  children,
}: {
  status: number | null;
  /** Inside the app shell (below the navbar) rather than a page of its own. */
  inline?: boolean;
  /** Extra actions (e.g. "Try again"), shown before "Back to dashboard". */
  children?: ReactNode;
}) {
  const notFound = status === 404;
  return (
    <div className={inline ? styles.inlineCentered : styles.centered}>
      <section className={styles.card} aria-labelledby="error-title">
        {status ? <p className={styles.errorCode}>Error {status}</p> : null}
        <h1 id="error-title" className={styles.title}>
          {notFound ? NOT_FOUND_TITLE : ERROR_TITLE}
        </h1>
        <p className={styles.subtitle}>{notFound ? NOT_FOUND_TEXT : ERROR_TEXT}</p>
        <div className={styles.actionRow}>
          {children}
          <Link to="/" className={button.primary}>
            Back to dashboard
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * The error screen (spec §2): pages whose data failed to load (a detail record the API answers 404 for) and
 * pages that crashed. Anything but a 404 is reported to the server (POST /api/client-errors).
 */
export function RouteError({ error, inline = false }: { error: unknown; inline?: boolean }) {
  const status = statusOf(error);
  const { pathname, search } = useLocation();
  const url = `${pathname}${search}`;
  useEffect(() => {
    if (status === 404) return;
    console.error(error);
    reportClientError(error, { status, url });
  }, [error, status, url]);
  return <ErrorCard status={status} inline={inline} />;
}

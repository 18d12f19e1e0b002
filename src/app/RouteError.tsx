import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { button } from '../ui/button.css';
import * as styles from './page.css';

/** An ApiError from a loader carries the HTTP status (duck-typed: the API client stays out of the entry chunk). */
function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/** The error screen (spec §2): 404 says "Not found", anything else "Sorry, something went wrong." */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : statusOf(error);
  const notFound = status === 404;
  if (!notFound) console.error(error);
  return (
    <main className={styles.centered}>
      <section className={styles.card} aria-labelledby="error-title">
        {status ? <p className={styles.errorCode}>Error {status}</p> : null}
        <h1 id="error-title" className={styles.title}>
          {notFound ? 'Not found' : 'Sorry, something went wrong.'}
        </h1>
        <p className={styles.subtitle}>
          {notFound ? "Sorry, we couldn't find that." : "We've been notified. Please try again soon."}
        </p>
        <div className={styles.actions}>
          <Link to="/" className={button.primary}>
            Back to dashboard
          </Link>
        </div>
      </section>
    </main>
  );
}

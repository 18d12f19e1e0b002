import { isApiError } from '@src/api/http';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

const SESSION_CODES = new Set(['UNAUTHENTICATED', 'ORGANIZATION_REQUIRED', 'ACCOUNT_REQUIRED']);

/**
 * The API answered "not yet": a signed-in user in an account is needed (401, or 409 "choose an
 * organization/account first"). The session decides where the visitor goes; the page just waits.
 */
export function isWaitingForSession(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 401 || (error.status === 409 && SESSION_CODES.has(error.errorCode ?? ''));
}

export interface PageRecord<T> {
  /** Null until the first answer (and while the session must act first). */
  data: T | null;
  /** Loads again, keeping what is shown until the answer arrives (e.g. a "Try again" on part of the page). */
  revalidate: () => void;
}

/**
 * A page's data, loaded when the page shows and again whenever `key` changes (the page's URL, or the part
 * of it the data depends on); what was shown stays until the new answer arrives. A "not yet" answer is
 * asked once more, then the page waits for the session; any other failure (a 404 record, a server error)
 * is thrown to the route's error screen.
 */
export function useRecord<T>(load: () => Promise<T>, key: string): PageRecord<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const askedAgain = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are what ask for a new load.
  useEffect(() => {
    let current = true;
    latestLoad.current().then(
      (value) => {
        if (current) setData(() => value);
      },
      (error: unknown) => {
        if (!current) return;
        if (!isWaitingForSession(error)) setFailure({ error });
        else if (!askedAgain.current) {
          askedAgain.current = true;
          setAttempt((n) => n + 1);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const revalidate = useCallback(() => setAttempt((n) => n + 1), []);
  if (failure) throw failure.error;
  return { data, revalidate };
}

/** A page's data, loaded again whenever its URL (path or query) changes, as the data router's loaders were. */
export function usePageRecord<T>(load: () => Promise<T>): PageRecord<T> {
  const { pathname, search } = useLocation();
  return useRecord(load, `${pathname}${search}`);
}

import { useEffect, useRef } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { isApiError } from '../../api/http';

/**
 * Loaders run as soon as the router matches a page, which is before the session has decided whether the
 * visitor may see it. A loader whose data needs a signed-in user in an account answers "not yet" when the
 * API says so (401, or 409 "choose an organization/account first"), and the session redirects; any other
 * failure (a 404 record, a server error) goes to the error screen.
 */
export const NOT_YET = { notYet: true } as const;
export type NotYet = typeof NOT_YET;

const SESSION_CODES = new Set(['UNAUTHENTICATED', 'ORGANIZATION_REQUIRED', 'ACCOUNT_REQUIRED']);

export function isWaitingForSession(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 401 || (error.status === 409 && SESSION_CODES.has(error.errorCode ?? ''));
}

/** Wraps a loader: "not yet" when the session must act first, the data otherwise; other errors propagate. */
export function sessionAware<Args extends unknown[], T>(load: (...args: Args) => Promise<T>) {
  return async (...args: Args): Promise<T | NotYet> => {
    try {
      return await load(...args);
    } catch (error) {
      if (isWaitingForSession(error)) return NOT_YET;
      throw error;
    }
  };
}

export const isNotYet = (value: unknown): value is NotYet =>
  typeof value === 'object' && value !== null && (value as { notYet?: unknown }).notYet === true;

/**
 * The page's loader data, or null while it was loaded too early (before sign-in finished): then the page
 * asks the router to load it again, once.
 */
export function useSessionLoaderData<T>(): T | null {
  const data = useLoaderData() as T | NotYet;
  const revalidator = useRevalidator();
  const asked = useRef(false);
  const early = isNotYet(data);
  useEffect(() => {
    if (early && !asked.current && revalidator.state === 'idle') {
      asked.current = true;
      void revalidator.revalidate();
    }
  }, [early, revalidator]);
  return early ? null : data;
}

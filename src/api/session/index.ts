import type { SignedInUser } from '@machines/session';
import { useSession } from './SessionContext';

export { browser } from '@src/lib/browser';
/**
 * The session for views: the context `src/app/session/SessionRoot.tsx` provides (the session chart's view) and
 * hooks over it. Features read the session here, never from `src/app`.
 */
export { type Permission, usePermission, usePolicy } from './permission';
export { type SessionApi, SessionContext, useSession, useSignedInUser } from './SessionContext';
export type { SignedInUser };

/** The signed-in user (from the session that wraps every page), or null when signed out. */
export function useCurrentUser(): SignedInUser | null {
  return useSession().user;
}

/**
 * Asks the session for the current user again after something changed it on the server (plan,
 * white-label, icon), so the trial banner, overlay, page title and theme follow without a reload.
 */
export function useRefreshSession(): () => void {
  return useSession().refresh;
}

import type { SignedInUser } from '../../../machines/session';
import { useSession } from '../../app/session';

export { browser } from '../../app/browser';
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

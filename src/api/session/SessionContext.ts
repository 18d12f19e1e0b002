import type { SessionView } from '@machines/session';
import { createContext, useContext } from 'react';

/** What the session provider hands to every page: the session view model with its two commands (refresh, retry). */
export type SessionApi = SessionView;

export const SessionContext = createContext<SessionApi | null>(null);

/**
 * The session (spec §4): the signed-in user, their current organization and account, and `refresh()`.
 * Available on every page (the provider wraps all routes).
 */
export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session)
    throw new Error('useSession is only available below the session provider (src/app/routes.tsx)');
  return session;
}

/** The signed-in user; throws when nobody is signed in (pages inside the app shell only render signed in). */
export function useSignedInUser() {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser needs a signed-in user');
  return user;
}

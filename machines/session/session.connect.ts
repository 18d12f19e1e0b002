import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';
import { isAuthPath } from './session.routes';
import type {
  SessionAccount,
  SessionEvent,
  SessionFailure,
  SessionOrganization,
  SignedInUser,
} from './session.types';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** What the app shows for the session, derived from the machine's snapshot. */
export interface SessionView {
  /**
   * - `pending`: loading the user or on the way to another page: show a loading indicator, not the page;
   * - `content`: show the page;
   * - `failed`: the user could not be loaded: show the error screen with "Try again".
   */
  phase: 'pending' | 'content' | 'failed';
  /** The signed-in user, or null (signed out, or not known yet). */
  user: SignedInUser | null;
  organization: SessionOrganization | null;
  account: SessionAccount | null;
  isSignedIn: boolean;
  /** Loading the user in the background (the page stays). */
  isRefreshing: boolean;
  failure: SessionFailure | null;
  /** "Dana Demo", or the e-mail address when the user has no name. */
  displayName: string | null;
  /**
   * Ask the server for the current user again now (after a plan change, onboarding, white-label or
   * icon change), so the trial banner, overlay, title and theme follow without a reload.
   */
  refresh: () => void;
  /** Try loading the user again after a failure. */
  retry: () => void;
}

const CONTENT_STATES = [
  'onAuthPage',
  { signedOut: 'onExemptPage' },
  { signedIn: { page: 'onExemptPage' } },
  { signedIn: { page: 'onAccountsPage' } },
  { signedIn: { page: 'ready' } },
] as const;

/**
 * The session view for the page the router shows. `pathname` is the router's current path: right after a
 * navigation the router has moved but the chart has not heard of it yet (`route.change` follows), so the
 * page is only shown when the chart's decision holds for it: sign-in pages always, a fully signed-in user
 * (organization and account) anywhere, other content states only on the page they were decided for.
 */
export function connectSession(
  snapshot: SessionSnapshot,
  send: (event: SessionEvent) => void,
  pathname = snapshot.context.pathname,
): SessionView {
  const { user: current, failure } = snapshot.context;
  const user = current?.isAuthenticated ? current : null;
  const isFailed = snapshot.matches('failed');
  const isDecidedFor = pathname === snapshot.context.pathname;
  const showsContent =
    // Sign-in, sign-up and sign-out never wait for the session.
    isAuthPath(pathname) ||
    snapshot.matches({ signedIn: { page: 'ready' } }) ||
    (isDecidedFor && CONTENT_STATES.some((state) => snapshot.matches(state)));
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return {
    refresh: () => send({ type: 'user.refresh' }),
    retry: () => send({ type: 'retry' }),
    phase: isFailed && !isAuthPath(pathname) ? 'failed' : showsContent ? 'content' : 'pending',
    user,
    organization: user?.currentOrganization ?? null,
    account: user?.currentAccount ?? null,
    isSignedIn: user !== null,
    isRefreshing: snapshot.matches({ signedIn: { refresh: 'fetching' } }),
    failure: isFailed ? failure : null,
    displayName: user ? name || user.email : null,
  };
}

import type { CurrentUser } from '@contract/auth';

/** The current user once signed in (GET /api/auth/user with `isAuthenticated: true`). */
export type SignedInUser = Extract<CurrentUser, { isAuthenticated: true }>;
export type SessionOrganization = NonNullable<SignedInUser['currentOrganization']>;
export type SessionAccount = NonNullable<SignedInUser['currentAccount']>;

export interface SessionContext {
  /** The last answer of GET /api/auth/user; null until the first one arrives. */
  user: CurrentUser | null;
  /** Where the person is (kept up to date by `route.change`). */
  pathname: string;
  search: string;
  /** `location.host`, passed to the login flow as `domain` and to the organization switch. */
  host: string;
  /** The persistent anonymous device id (cookie `__as_aid`), passed to the login flow as `deviceId`. */
  deviceId: string;
  /** Whom analytics last identified / grouped, so a refresh does not repeat the calls. */
  identifiedUserId: string | null;
  groupedOrganizationId: string | null;
  /** Why the current user could not be loaded (network failure, server error). */
  failure: SessionFailure | null;
}

export interface SessionFailure {
  message: string;
  status: number | null;
}

export type SessionEvent =
  /** The router moved (pathname or query changed). */
  | { type: 'route.change'; pathname: string; search: string }
  /** Something changed the user on the server (plan change, onboarding, white-label...): ask again now. */
  | { type: 'user.refresh' }
  /** Try loading the user again after a failure. */
  | { type: 'retry' };

export interface SessionInput {
  pathname: string;
  search?: string;
  host: string;
  deviceId: string;
}

/** What the `fetchOrganizations` actor resolves with: the HTTP status and, on 200, the list. */
export interface FetchOrganizationsOutput {
  status: number;
  organizations: ReadonlyArray<{ id: string; name?: string }>;
}

export type SessionEmitted =
  /** Go somewhere: the router does it (`replace` swaps the history entry), or the browser (`fullPage`). */
  | { type: 'navigate'; to: string; replace?: boolean; fullPage?: boolean }
  /** Analytics: who is using the app. */
  | {
      type: 'analytics.identify';
      userId: string;
      traits: { email: string; firstName: string; lastName: string };
    }
  /** Analytics: which organization they work in. */
  | { type: 'analytics.group'; groupId: string; traits: { name: string; planCode: string } };

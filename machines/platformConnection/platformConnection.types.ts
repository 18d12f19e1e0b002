import type { ConnectError } from '@contract/connections';

/**
 * Types of the platforms page's connection flow (`platformConnection`): Connect (POST
 * /api/platforms/{key}/connect, then the browser leaves for the platform's consent page), Disconnect with
 * its confirmation, and what the callback said when the browser came back (`?connected=` / `?connectError=`).
 */

export interface PlatformRef {
  platform: string;
  displayName: string;
}

/** What the callback's redirect said (`?connected=` / `?connectError=`); null when the page opened normally. */
export type ReturnedOutcome = { connected: PlatformRef } | { connectError: ConnectError } | null;

export interface StartConnectInput {
  platform: string;
  returnTo: string;
}

export interface DisconnectInput {
  platform: string;
}

export interface PlatformConnectionContext {
  /** The platform the current (or last) action is about. */
  target: PlatformRef | null;
  returned: ReturnedOutcome;
  /** The consent page to go to (Connect answered). */
  authorizationUrl: string | null;
  /** Why the last request failed (an ApiError or a network error). */
  error: unknown;
}

export type PlatformConnectionEvent =
  /** The page opened (the view reads the callback's outcome from the URL). */
  | { type: 'route.enter'; returned: ReturnedOutcome }
  | ({ type: 'connection.connect' } & PlatformRef)
  | ({ type: 'connection.disconnect' } & PlatformRef)
  /** Sync now: fetch the platform's delivery at once. */
  | ({ type: 'connection.sync' } & PlatformRef)
  | { type: 'disconnect.confirm' }
  | { type: 'disconnect.cancel' }
  /** Closes the notice (connected, disconnected, a failure). */
  | { type: 'notice.dismiss' };

/** Asks the view to leave for the platform's consent page; asks the list to reload after a change. */
export type PlatformConnectionEmitted = { type: 'redirect'; url: string } | { type: 'connections.changed' };

import { CONNECT_ERROR_MESSAGES } from '@contract/connections';
import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../shared/errors';
import type { PlatformConnectionMachine } from './platformConnection.machine';
import type { PlatformConnectionEvent, PlatformRef } from './platformConnection.types';

export type PlatformConnectionSnapshot = SnapshotFrom<PlatformConnectionMachine>;

export interface PlatformConnectionView {
  phase:
    | 'idle'
    | 'connected'
    | 'connectRefused'
    | 'starting'
    | 'redirecting'
    | 'confirmingDisconnect'
    | 'disconnecting'
    | 'disconnected'
    | 'syncing'
    | 'syncQueued'
    | 'failed';
  /** The platform an action is under way for (its buttons show it); null when nothing is. */
  busyPlatform: string | null;
  /** Connect / Disconnect may be pressed (not while a request or the redirect is under way). */
  canAct: boolean;
  /** A line for the page's alert: success or a problem; null when there is nothing to say. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  /**
   * The platform the notice is about (the one whose button was pressed, or that came back connected): the page
   * shows the notice in that platform's card, where the person is looking; null for a notice about no one
   * platform (a refused consent), shown above the list.
   */
  noticePlatform: string | null;
  /** The Disconnect confirmation's platform while it is open. */
  confirming: PlatformRef | null;
  /** “Connect” on a platform: off to its consent page. */
  connect: (platform: PlatformRef) => void;
  /** “Disconnect”: asks to confirm first. */
  disconnect: (platform: PlatformRef) => void;
  /** “Sync now”. */
  sync: (platform: PlatformRef) => void;
  confirmDisconnect: () => void;
  cancelDisconnect: () => void;
  /** Hides the notice. */
  dismiss: () => void;
}

/** Pure snapshot → what the platforms page shows about the connection flow. */
export function connectPlatformConnection(
  snapshot: PlatformConnectionSnapshot,
  send: (event: PlatformConnectionEvent) => void,
): PlatformConnectionView {
  const phase = snapshot.value as PlatformConnectionView['phase'];
  const { target, returned, error } = snapshot.context;
  const busy =
    phase === 'starting' || phase === 'redirecting' || phase === 'disconnecting' || phase === 'syncing';
  let notice: PlatformConnectionView['notice'] = null;
  if (phase === 'connected' && returned && 'connected' in returned)
    notice = { tone: 'success', text: `${returned.connected.displayName} is connected.` };
  else if (phase === 'connectRefused' && returned && 'connectError' in returned)
    notice = { tone: 'error', text: CONNECT_ERROR_MESSAGES[returned.connectError] };
  else if (phase === 'disconnected' && target)
    notice = { tone: 'success', text: `${target.displayName} is disconnected.` };
  else if (phase === 'syncQueued' && target)
    notice = { tone: 'success', text: `${target.displayName}: a delivery sync is on its way.` };
  else if (phase === 'failed') notice = { tone: 'error', text: describeFailure(error, []).formError ?? '' };
  const noticePlatform =
    notice === null
      ? null
      : returned && 'connected' in returned && phase === 'connected'
        ? returned.connected.platform
        : phase === 'connectRefused'
          ? null
          : (target?.platform ?? null);
  return {
    connect: (platform) => send({ type: 'connection.connect', ...platform }),
    disconnect: (platform) => send({ type: 'connection.disconnect', ...platform }),
    sync: (platform) => send({ type: 'connection.sync', ...platform }),
    confirmDisconnect: () => send({ type: 'disconnect.confirm' }),
    cancelDisconnect: () => send({ type: 'disconnect.cancel' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
    phase,
    busyPlatform: busy || phase === 'confirmingDisconnect' ? (target?.platform ?? null) : null,
    canAct: !busy && phase !== 'confirmingDisconnect',
    notice,
    noticePlatform,
    confirming: phase === 'confirmingDisconnect' ? target : null,
  };
}

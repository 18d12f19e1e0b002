/**
 * The charts explorer's live mode (issue 30, docs/charts-explorer.md): the running app reports its machine
 * actors' states through XState's inspection API over a BroadcastChannel — to the explorer open in another
 * tab of the same browser; no network, no server. On in a development start (`npm run dev`), or once the
 * explorer's “Follow the running app” was switched on in this browser (a localStorage flag, which the e2e
 * journey uses against the built app). Only the machine's id, its state and active state nodes are sent,
 * never its context.
 */
import type { InspectionEvent } from 'xstate';

import { isLiveWanted, LIVE_FLAG } from './liveFlag';

export const LIVE_CHANNEL = 'flightplan-charts-live';

/** What the app reports: one actor's state, a tab's actors gone, or the explorer asking every tab to report. */
export type LiveMessage =
  | {
      kind: 'state';
      tab: string;
      /** The actor's session id: unique per actor. */
      actor: string;
      /** The machine's root id (`session`, `signIn`...), as in machines/index.ts. */
      machine: string;
      state: string;
      active: string[];
      status: string;
      at: number;
    }
  | { kind: 'gone'; tab: string; actor?: string }
  | { kind: 'hello' };

const label = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.entries(value)
          .map(([key, child]) =>
            child && typeof child === 'object' && Object.keys(child).length ? `${key}.${label(child)}` : key,
          )
          .join(' + ')
      : String(value);

/** This tab's id in the reports (the explorer ignores its own tab's actors). */
export const LIVE_TAB = Math.random().toString(36).slice(2);

let reporter: ((event: InspectionEvent) => void) | null | undefined;

/** The inspection observer that reports to the explorer, or null when live mode is off in this browser. */
export function liveReporter(): ((event: InspectionEvent) => void) | null {
  if (reporter !== undefined) return reporter;
  if (!isLiveWanted() || typeof BroadcastChannel === 'undefined') {
    reporter = null;
    return reporter;
  }
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const tab = LIVE_TAB;
  const last = new Map<string, LiveMessage>();
  const post = (message: LiveMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // Reporting must never break the app.
    }
  };
  channel.onmessage = (event: MessageEvent<LiveMessage>) => {
    if (event.data?.kind === 'hello') for (const message of last.values()) post(message);
  };
  window.addEventListener('pagehide', () => post({ kind: 'gone', tab }));
  reporter = (event) => {
    if (event.type !== '@xstate.snapshot') return;
    const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
    if (!logic?.root || typeof logic.id !== 'string') return;
    const snapshot = event.snapshot as {
      value?: unknown;
      status?: string;
      _nodes?: Array<{ id: string; parent?: unknown }>;
    };
    const actor = event.actorRef.sessionId;
    if (snapshot.status === 'stopped') {
      last.delete(actor);
      post({ kind: 'gone', tab, actor });
      return;
    }
    const message: LiveMessage = {
      kind: 'state',
      tab,
      actor,
      machine: logic.id,
      state: label(snapshot.value),
      active: (snapshot._nodes ?? []).filter((node) => node.parent).map((node) => node.id),
      status: snapshot.status ?? 'active',
      at: Date.now(),
    };
    last.set(actor, message);
    post(message);
  };
  return reporter;
}

/** Switches live reporting on or off for the tabs this browser opens from now on. */
export function setLiveReporting(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(LIVE_FLAG, 'on');
    else window.localStorage.removeItem(LIVE_FLAG);
  } catch {
    // Private mode without storage: live mode works in a development start only.
  }
}

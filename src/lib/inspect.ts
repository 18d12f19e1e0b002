/**
 * Browser-level path coverage: which transitions of which chart the app's real actors take in the
 * Playwright run. Every actor the app creates gets its options through `withInspection` (`useActorRef`
 * in `src/ui/actorRef.ts`, and `createStepUp`); when the page has `window.__FLIGHTPLAN_INSPECT__ = true`
 * (set by the e2e fixture `e2e/support/test.ts` before any script runs) that adds an XState `inspect`
 * observer, which records, for each microstep of any machine actor in the actor's system (invoked
 * children included), `{ machine: <machine id>, key: <transitionKey> }`: in
 * `window.__FLIGHTPLAN_TRANSITIONS__`, and through `window.__flightplanRecordTransitions` when the fixture
 * exposes it (so a full page load loses nothing). Without the flag the options are returned as they came:
 * production behaviour is unchanged.
 */

import { transitionKey } from '@machines/chart';
import type { InspectionEvent } from 'xstate';
import { isLiveWanted } from './liveFlag';

export interface TakenTransition {
  /** The machine's root id (`signIn`, `session`...), as in `machines/index.ts`. */
  machine: string;
  /** `transitionKey` of the transition taken. */
  key: string;
}

declare global {
  interface Window {
    __FLIGHTPLAN_INSPECT__?: boolean;
    __FLIGHTPLAN_TRANSITIONS__?: TakenTransition[];
    __flightplanRecordTransitions?: (taken: TakenTransition[]) => unknown;
  }
}

const seen = new Set<string>();

function record(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  if (!logic?.root || typeof logic.id !== 'string') return;
  const fresh: TakenTransition[] = [];
  for (const transition of event._transitions) {
    const entry = { machine: logic.id, key: transitionKey(transition) };
    const id = `${entry.machine} ${entry.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    fresh.push(entry);
  }
  if (!fresh.length) return;
  window.__FLIGHTPLAN_TRANSITIONS__ = [...(window.__FLIGHTPLAN_TRANSITIONS__ ?? []), ...fresh];
  try {
    // Playwright's binding answers with a promise; a page on its way out may drop it.
    Promise.resolve(window.__flightplanRecordTransitions?.(fresh)).catch(() => {});
  } catch {
    // Recording must never break the app.
  }
}

/** Until the live reporter's code has loaded, the inspection events wait (the first states included). */
let liveReporter: ((event: InspectionEvent) => void) | null | undefined;
const waiting: InspectionEvent[] = [];
function reportLive(event: InspectionEvent): void {
  if (liveReporter) {
    liveReporter(event);
    return;
  }
  if (liveReporter === null) return;
  if (waiting.push(event) === 1)
    void import('./liveCharts')
      .then(({ liveReporter: load }) => {
        liveReporter = load();
        for (const held of waiting.splice(0)) liveReporter?.(held);
      })
      .catch(() => {
        liveReporter = null;
      });
  if (waiting.length > 1000) waiting.shift();
}

const isInspecting = () => typeof window !== 'undefined' && window.__FLIGHTPLAN_INSPECT__ === true;

/** `options` plus the recording observer when the page asks for it (alongside an `inspect` it already has). */
export function withInspection<T extends { inspect?: unknown }>(options?: T): T | undefined {
  const recording = isInspecting();
  // The charts explorer's live mode (src/lib/liveCharts.ts, loaded only then): on in a development start, or
  // when switched on in this browser.
  const live = isLiveWanted() ? reportLive : null;
  if (!recording && !live) return options;
  const own = options?.inspect as ((event: InspectionEvent) => void) | undefined;
  const inspect = (event: InspectionEvent) => {
    own?.(event);
    try {
      if (recording) record(event);
      live?.(event);
    } catch {
      // Recording must never break the app.
    }
  };
  return { ...(options as T), inspect };
}

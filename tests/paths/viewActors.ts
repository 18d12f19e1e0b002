/**
 * Watches the real actors a view creates, for the view-level path tests
 * (`viewPathTests.tsx`). Hooks in `src/` create their actor with
 * `useActorRef` from `@xstate/react`; the view path tests wrap that one
 * function (`vi.mock('@xstate/react', ...)`, see `inspectingXStateReact`) so
 * that, for the machine under test only, the actor is created with
 *
 * - an `inspect` observer that records the transitions it takes (the same
 *   `@xstate.microstep` inspection the machine-level runner uses), and
 * - optionally a `SimulatedClock`, so its `after` timers fire only when a path
 *   step says so (`clock.increment`), never by themselves.
 *
 * Nothing else changes: the same logic, input and implementations reach
 * `createActor`, and every other actor of the app is created untouched.
 *
 * Two more ways a view's actor comes to life, for the step-up dialog:
 *
 * - Created outside React with xstate's `createActor` (`createStepUp` makes the
 *   dialog's one actor so it outlives StrictMode's double mounting, and takes
 *   actor options for this): the spec's `render` creates it with
 *   `watchedActorOptions()`, the same inspection (and clock) as above.
 * - Invoked as a child of such an actor (the dialog's method views are its
 *   `methodView` child: `codeEntry`, `webauthnCeremony`, `magicLink`): the
 *   inspection sees the whole actor system, so an actor of the watched machine
 *   anywhere in it is watched too, with the root's clock (xstate's children
 *   schedule their timers on their system's clock).
 *
 * And a chart a page's own chart invokes (the security page's `recoveryCodes`):
 * an actor `useActorRef` creates of another machine gets an inspection that
 * watches the watched machine's actors among its descendants, on real timers
 * (the root is not the watched machine, so its clock is left alone). Opt-in
 * (`pageMachine`, with a simulated clock): the page's own actor of that machine
 * is created with the simulated clock, so the chart's actors in its system
 * fire their timers only when a path step says so — and the page actor's own
 * timers too (they share the system's clock).
 */

import { transitionKey } from '@tooling/charts/coverage';
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';

/** One actor of the watched machine, created by a view. */
export interface WatchedActor {
  actor: AnyActorRef;
  /** `transitionKey`s of the transitions it took. */
  covered: Set<string>;
  clock: SimulatedClock | undefined;
}

export interface ActorWatch {
  /** Actors of the machine created since the watch began, oldest first. */
  actors: WatchedActor[];
  /** The most recently created one (views mount one actor per opening). */
  latest(): WatchedActor | undefined;
  /** Union of the transitions every watched actor took. */
  covered(): Set<string>;
  stop(): void;
}

interface Watch {
  machineId: string;
  simulatedClock: boolean;
  /** The page actor's machine (root `id`) whose system gets the simulated clock; see the header. */
  pageMachine: string | undefined;
  actors: WatchedActor[];
}

let current: Watch | undefined;

/** Starts recording the actors of the machine `machineId` (its root `id`); one watch at a time. */
export function watchActors(
  machineId: string,
  options: { simulatedClock: boolean; pageMachine?: string },
): ActorWatch {
  const watch: Watch = {
    machineId,
    simulatedClock: options.simulatedClock,
    pageMachine: options.pageMachine,
    actors: [],
  };
  current = watch;
  return {
    actors: watch.actors,
    latest: () => watch.actors.at(-1),
    covered: () => new Set(watch.actors.flatMap((entry) => [...entry.covered])),
    stop: () => {
      if (current === watch) current = undefined;
    },
  };
}

const machineId = (logic: unknown): string | undefined =>
  typeof logic === 'object' &&
  logic !== null &&
  'root' in logic &&
  typeof (logic as { id?: unknown }).id === 'string'
    ? (logic as unknown as { id: string }).id
    : undefined;

type UseActorRef = (
  logic: AnyActorLogic,
  options?: Record<string, unknown>,
  observer?: unknown,
) => AnyActorRef;

/** `useActorRef` that adds the inspection (and clock) for the watched machine's actors. */
function wrapUseActorRef(original: UseActorRef): UseActorRef {
  return (logic, options, observer) => {
    const watch = current;
    if (!watch) return original(logic, options, observer);
    if (machineId(logic) !== watch.machineId) {
      // The page's actor gets the simulated clock only when the spec opts in (`pageMachine`).
      const clock =
        watch.simulatedClock && watch.pageMachine !== undefined && machineId(logic) === watch.pageMachine
          ? new SimulatedClock()
          : undefined;
      const descendants = descendantInspect(watch, clock);
      const ownInspect = options?.inspect as ((event: InspectionEvent) => void) | undefined;
      return original(
        logic,
        {
          ...options,
          inspect: (event: InspectionEvent) => {
            ownInspect?.(event);
            descendants(event);
          },
          ...(clock ? { clock } : {}),
        },
        observer,
      );
    }
    // `useActorRef` reads its options only when it creates the actor (first render): the entry of a later
    // render is dropped, since its `inspect` is not the one the actor got.
    const entry: WatchedActor = {
      actor: undefined as unknown as AnyActorRef,
      covered: new Set(),
      clock: watch.simulatedClock ? new SimulatedClock() : undefined,
    };
    const ownInspect = options?.inspect as ((event: InspectionEvent) => void) | undefined;
    const inspect = (event: InspectionEvent) => {
      ownInspect?.(event);
      // The root's own microsteps only (the constructor already takes some when the initial state is transient).
      if (event.type !== '@xstate.microstep' || (event.actorRef as { logic?: unknown }).logic !== logic)
        return;
      for (const transition of event._transitions) entry.covered.add(transitionKey(transition));
    };
    const clock = entry.clock ? { clock: entry.clock } : {};
    const actor = original(logic, { ...options, inspect, ...clock }, observer);
    if ((actor as unknown as { options?: { inspect?: unknown } }).options?.inspect === inspect) {
      entry.actor = actor;
      watch.actors.push(entry);
    }
    return actor;
  };
}

/** An inspection that records the actors of the watched machine in the system it sees, one entry each. */
function descendantInspect(watch: Watch, clock?: SimulatedClock) {
  const entries = new Map<AnyActorRef, WatchedActor>();
  const entryOf = (actorRef: AnyActorRef): WatchedActor | undefined => {
    if (machineId((actorRef as { logic?: unknown }).logic) !== watch.machineId) return undefined;
    let entry = entries.get(actorRef);
    if (!entry) {
      entry = { actor: actorRef, covered: new Set(), clock };
      entries.set(actorRef, entry);
      watch.actors.push(entry);
    }
    return entry;
  };
  return (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') entryOf(event.actorRef as AnyActorRef);
    if (event.type !== '@xstate.microstep') return;
    const entry = entryOf(event.actorRef as AnyActorRef);
    if (entry) for (const transition of event._transitions) entry.covered.add(transitionKey(transition));
  };
}

/**
 * Actor options that make the actor they create, and its whole actor system, watched by the running watch:
 * the root when it is of the watched machine, and every descendant of the watched machine (a dialog's
 * method view), one entry per actor in the order they are created; with the watch's simulated clock as the
 * system's clock. For actors a view gets from outside React (the step-up dialog's, made by
 * `createStepUp(services, actorOptions)`): the spec's `render` creates it with these options.
 */
export function watchedActorOptions(): { inspect: (event: InspectionEvent) => void; clock?: SimulatedClock } {
  const watch = current;
  if (!watch) throw new Error('watchedActorOptions: no watch is running (call it from a view path spec)');
  const clock = watch.simulatedClock ? new SimulatedClock() : undefined;
  const inspect = descendantInspect(watch, clock);
  return clock ? { inspect, clock } : { inspect };
}

/**
 * The `vi.mock` factory for `@xstate/react`: the real module, with `useActorRef` wrapped as described above.
 * vitest hoists `vi.mock` above the test file's imports, so the factory imports this module itself:
 *
 *   vi.mock('@xstate/react', async (importOriginal) =>
 *     (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
 *   );
 */
export async function inspectingXStateReact(importOriginal: () => Promise<unknown>) {
  const original = (await importOriginal()) as Record<string, unknown> & { useActorRef: UseActorRef };
  return { ...original, useActorRef: wrapUseActorRef(original.useActorRef) };
}

/** The snapshot of a watched actor (its live state, also after the view stopped it). */
export const snapshotOf = (entry: WatchedActor) => entry.actor.getSnapshot() as AnyMachineSnapshot;

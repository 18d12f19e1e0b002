/**
 * Path tests with an oracle. A path replayed against the machine that produced it
 * can only catch a throw; an oracle is an independent specification of what each
 * state promises, checked at every step of every path (like xstate's
 * `path.test({ states })`), so a wrong target or a wrong context update fails.
 *
 *   describePathTests(getChart('codeEntry'), { oracle: codeEntryOracle });
 *
 * An oracle (`defineOracle`, one per chart in `tooling/charts/oracles/<chart>.ts`) has:
 *
 * - `states`: state value label (as in the path titles: `idle`, `loaded.confirming`,
 *   `active.code.error + delivery.ready`) → what that state promises: its `connect()`
 *   view model (phase, texts, which buttons exist, error messages) and context
 *   invariants. A step that lands in a state without an entry fails with
 *   "no oracle for state X": a new state needs its promise written down.
 * - `events` (optional): event type → what taking it promises whatever the state it
 *   leads to (e.g. `code.change` keeps the digits typed). A key may end in `*`.
 * - `always` (optional): invariants of every step.
 * - `optionalStates` (optional): entries no path has to land in (see below); any other entry
 *   that no path lands in fails the suite as stale.
 *
 * Each check gets the step (`snapshot`, `context`, `event`, the `previous` snapshot,
 * what the machine `emitted`) and throws when a promise is broken; `expectFields` and
 * `expectEqual` below make readable messages. Write the expectations from the product
 * spec — literal texts, counts, the rule in words — never by calling the machine or
 * its `connect()` helpers to compute the expected value: the oracle must be able to
 * disagree with the machine.
 *
 * No vitest here: `npm run test:paths` runs oracles too.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Chart } from '@machines/chart';
import type { AnyMachineSnapshot, AnyStateMachine, ContextFrom, EventObject, SnapshotFrom } from 'xstate';
import { type ChartPath, eventLabel, type PathRun, runPath, stringify, valueLabel } from './coverage';

/** One step of a path, as an oracle's checks see it. */
export interface OracleStep<TMachine extends AnyStateMachine = AnyStateMachine> {
  snapshot: SnapshotFrom<TMachine>;
  context: ContextFrom<TMachine>;
  /** The event of this step (`xstate.init` for the initial state), payload included. */
  event: EventObject & Record<string, unknown>;
  /** The snapshot before the event; undefined for the initial state. */
  previous: SnapshotFrom<TMachine> | undefined;
  /** 0 is the initial state. */
  index: number;
  /** What the machine emitted during this step. */
  emitted: EventObject[];
}

export type OracleCheck<TMachine extends AnyStateMachine = AnyStateMachine> = (
  step: OracleStep<TMachine>,
) => void;

export interface ChartOracle<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** State value label → what the state promises. */
  states: Record<string, OracleCheck<TMachine>>;
  /** Event type (or prefix ending in `*`) → what taking it promises, whatever the target. */
  events?: Record<string, OracleCheck<TMachine>>;
  /** Promises of every step. */
  always?: OracleCheck<TMachine>;
  /**
   * Labels of `states` no path needs to land in: a family of entries written for every combination
   * of parallel regions, of which the small cover reaches some. Other unused entries fail as stale.
   */
  optionalStates?: (label: string) => boolean;
}

/** Types an oracle's checks against a machine (only for its types), then widens it. */
export function defineOracle<TMachine extends AnyStateMachine>(
  _machine: TMachine,
  oracle: ChartOracle<TMachine>,
): ChartOracle {
  return oracle as unknown as ChartOracle;
}

// ------------------------------------------------------------------ assertions

/** A broken promise. */
export class OracleError extends Error {
  override name = 'OracleError';
}

/**
 * While `runOraclePath` records (its `onExpectations`), each expectation below notes what it checked, in
 * words: the charts explorer shows them under each step of a path (docs/charts-explorer.md).
 */
let recording: string[] | undefined;

export function expectThat(condition: boolean, message: string): asserts condition {
  recording?.push(`checks: ${message}`);
  if (!condition) throw new OracleError(message);
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  recording?.push(`${what}: ${stringify(expected)}`);
  if (!isDeepStrictEqual(actual, expected))
    throw new OracleError(`${what}: expected ${stringify(expected)}, got ${stringify(actual)}`);
}

/**
 * Compares the fields `expected` lists (deeply) with `actual`; other fields of `actual` are not
 * checked. A function in `expected` is a predicate on the field's value (e.g. a command exists:
 * `{ getSubmitProps: isFunction }`).
 */
export function expectFields(actual: object, expected: Record<string, unknown>, what = 'view'): void {
  const wrong: string[] = [];
  for (const [key, want] of Object.entries(expected)) {
    recording?.push(
      `${what}.${key}: ${typeof want === 'function' ? want.name || 'a predicate' : stringify(want)}`,
    );
    const got = (actual as Record<string, unknown>)[key];
    const ok =
      typeof want === 'function'
        ? Boolean((want as (v: unknown) => unknown)(got))
        : isDeepStrictEqual(got, want);
    if (!ok)
      wrong.push(
        `  ${key}: expected ${typeof want === 'function' ? want.name || 'a predicate' : stringify(want)}, got ${typeof got === 'function' ? 'a function' : stringify(got)}`,
      );
  }
  if (wrong.length) throw new OracleError(`${what} differs:\n${wrong.join('\n')}`);
}

export const isFunction = (value: unknown): boolean => typeof value === 'function';

// ---------------------------------------------------------------------- runner

const matchingKey = (record: Record<string, unknown> | undefined, type: string) =>
  record
    ? type in record
      ? type
      : Object.keys(record)
          .filter((key) => key.endsWith('*') && type.startsWith(key.slice(0, -1)))
          .sort((a, b) => b.length - a.length)[0]
    : undefined;

/**
 * Runs one path against the machine (a live actor, simulated clock, actors that never settle:
 * `runPath`) and checks the oracle's promises after every step.
 */
export function runOraclePath(
  chart: Chart,
  oracle: ChartOracle,
  path: ChartPath,
  options: {
    /** What the oracle checked at each step, in words (the charts explorer's steps). */
    onExpectations?: (index: number, lines: string[]) => void;
    onTransition?: (index: number, key: string) => void;
    /** The actor's snapshot after each step, before the checks. */
    onSnapshot?: (index: number, snapshot: AnyMachineSnapshot) => void;
  } = {},
): PathRun {
  let previous: AnyMachineSnapshot | undefined;
  const emittedAt = new Map<number, EventObject[]>();
  return runPath(chart, path, {
    onTransition: options.onTransition,
    onEmit: (index, event) => emittedAt.set(index, [...(emittedAt.get(index) ?? []), event]),
    onStep: (snapshot, { index, event }) => {
      options.onSnapshot?.(index, snapshot);
      const label = valueLabel(snapshot.value);
      const where = `Path "${path.title}", step ${index} (${eventLabel(event)}), in ${label}`;
      const step: OracleStep = {
        snapshot,
        context: snapshot.context,
        event: event as OracleStep['event'],
        previous,
        index,
        emitted: emittedAt.get(index) ?? [],
      };
      previous = snapshot;
      const check = oracle.states[label];
      if (!check)
        throw new OracleError(`${where}: no oracle for state "${label}" (add it to the oracle's states)`);
      const lines: string[] = [];
      recording = options.onExpectations ? lines : undefined;
      try {
        check(step);
        const eventKey = index > 0 ? matchingKey(oracle.events, event.type) : undefined;
        if (eventKey) oracle.events![eventKey]!(step);
        oracle.always?.(step);
      } catch (error) {
        if (error instanceof Error) error.message = `${where}:\n${error.message}`;
        throw error;
      } finally {
        recording = undefined;
        options.onExpectations?.(index, lines);
      }
    },
  });
}

/** State labels of the oracle that no path of the chart lands in (stale entries). */
export function unusedOracleStates(oracle: ChartOracle, paths: readonly ChartPath[]): string[] {
  const reached = new Set(paths.flatMap((path) => path.steps.map((step) => valueLabel(step.state.value))));
  return Object.keys(oracle.states).filter((label) => !reached.has(label) && !oracle.optionalStates?.(label));
}

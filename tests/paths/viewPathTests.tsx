/**
 * View-level generated path tests: the paths `describePathTests` runs against a
 * machine (`analyzeChart`, a small cover: every transition at least once), replayed
 * through the real React view (Testing Library, jsdom) — the real hook, the
 * real machine; only the network is faked (`tests/web/support/heldServer.ts`).
 *
 *   // The one test double besides the network: `useActorRef` wrapped so the test can watch the view's
 *   // actor (tests/paths/viewActors.ts). In the test file itself: vitest hoists it above every import.
 *   vi.mock('@xstate/react', async (importOriginal) =>
 *     (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
 *   );
 *   // A view whose actor is made with `createActor` outside React (the step-up dialog), or is a child of
 *   // such an actor (its method views), needs no mock: `render` creates that actor with the options of
 *   // `watchedActorOptions()` (tests/paths/viewActors.ts).
 *
 *   describeViewPathTests({
 *     chart: getChart('modalAction'),
 *     render: () => { const server = heldServer(...); renderApp('/campaigns?...'); return { server, user } },
 *     events: { ... },     // event type → how a user or the fake server produces it
 *     states: { ... },     // state value → what the user sees in it
 *     unreachable: [ ... ] // transitions the view cannot take, each with the reason
 *   });
 *
 * For every path: `render` mounts the view; then, step by step, the event's
 * means (`events`) is performed, the test waits until the view's own actor is
 * in the step's state (value, final or not, and `compareContext` when given),
 * and the state's checks (`states`) run against the DOM. A last test asserts
 * that the actors the view created took every transition of the chart, except
 * exactly those listed in `unreachable`.
 *
 * How to write the maps:
 *
 * - `events[type]`: a function `(view, step, run)` that does what a person or
 *   the server does, e.g. `await view.user.click(screen.getByRole('button', { name: 'Delete' }))`
 *   for `modal.submit`, or `await view.server.answerWith('/data/campaigns/get', { body })`
 *   for `xstate.done.actor.loadRecord` (derive the answer from `step.event.output` /
 *   `step.event.error`, so the sample events decide what the server says). Use
 *   `{ perform, see }` when the event ends what the state would show (the page
 *   closes the modal): `see` then replaces the state's checks for that step.
 *   A key may end in `*` (`'xstate.after.*'`). `xstate.after.*` steps default to
 *   `run.advanceTimers(step.event)`: the actor runs on a `SimulatedClock` (see
 *   `clock`), so its timers fire only there, after exactly the machine's delay.
 * - `states[label]`: one entry per state value the paths reach, labelled like
 *   the path titles (`idle`, `watching.waiting`). Assert what a user perceives:
 *   roles, accessible names, texts (`screen.getByRole`, `within(dialog)...`).
 *   `step.state` is the snapshot the machine-level run reached, so checks may
 *   read its context (`step.state.context.fieldError`) to know what to expect.
 *   The actor is already in the state when the check runs; use `findBy` /
 *   `waitFor` for what React renders after it.
 * - `unreachable`: a transition (its label in the coverage table, e.g.
 *   `settled --progress.refresh--> loading`) the view cannot take, and `because`.
 *   With `event`, a path containing a matching sample event is replayed only up
 *   to the step before it (its test title says so, with the reason). The
 *   coverage test fails when a listed transition is covered after all, or when
 *   an unlisted one is not.
 * - `unproducible`: steps the view cannot produce where a path takes them,
 *   though their transition is taken elsewhere (e.g. selecting the method
 *   whose view is already open, where the dialog offers no such button: the
 *   same transition is covered by selecting it in the chooser). `step(event,
 *   before)` sees the sample event and the state before it; a path is replayed
 *   up to the step before the first such step (its title says so, with the
 *   reason). Unlike `unreachable`, it claims no transition is left untaken. The view's
 *   path list is then a cover that avoids such steps wherever another step takes their
 *   transition (`analyzeChart(chart, { avoid })`), so it may differ from the machine level's.
 * - `variant`: the same machine with another `input` (and sample `events`), e.g.
 *   one parametrised modal per kind; its paths are generated for that input.
 * - Text steps: `replaceText(user, input, value)` replaces the field's text in
 *   one edit (select, paste), as the path's one `field.change` says. A step the
 *   view can only produce in more than one event is fine when the events take
 *   the same transition and end in the step's state: `replaceText`
 *   retypes a character to "change" a field to the value it has; a switch that
 *   is already on is turned off and on again.
 */

import type { Chart } from '@machines/chart';
import { act, waitFor } from '@testing-library/react';
import { analyzeChart, type ChartPath, eventLabel, stringify, valueLabel } from '@tooling/charts/coverage';
import { writeViewTransitions } from '@tooling/charts/coverageFile';
import type { ViewPathResult } from '@tooling/charts/viewCoverage';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { snapshotOf, type WatchedActor, watchActors } from './viewActors';

/** A path step's event: a chart sample event, payload included. */
export type StepEvent = { type: string } & Record<string, unknown>;

/** One step of a path, as the maps receive it. */
export interface ViewStep {
  path: ChartPath;
  /** 0 is the initial state (`xstate.init`). */
  index: number;
  /** The sample event (its payload — `output`, `error`, `value`... — says what the view must produce). */
  event: StepEvent;
  /** The snapshot the machine-level run reached after this step. */
  state: AnyMachineSnapshot;
}

/** What the runner offers the event means. */
export interface ViewRun {
  /** The actor the view created (real machine, real implementations). */
  watched: WatchedActor;
  /** Fires the machine's timer named in an `xstate.after.<delay>.<state id>` event (simulated clock only). */
  advanceTimers(event: EventObject): Promise<void>;
}

export type EventPerformer<TView> = (view: TView, step: ViewStep, run: ViewRun) => unknown;
export type StateCheck<TView> = (view: TView, step: ViewStep) => unknown;
export interface EventMeans<TView> {
  perform: EventPerformer<TView>;
  /** What the user sees after this event, instead of the target state's checks. */
  see?: StateCheck<TView>;
}

export interface Unreachable {
  /** The transition's label, as `npm run test:paths` and the machine-level tests print it. */
  transition: string;
  because: string;
  /** Sample events the view cannot produce: a path is replayed only up to the first one. */
  event?: (event: EventObject) => boolean;
}

export interface Unproducible {
  because: string;
  /** The step's sample event and the state before it (the machine-level run's snapshot). */
  step: (event: EventObject, before: AnyMachineSnapshot) => boolean;
}

export interface ViewPathSpec<TView> {
  chart: Chart;
  /** Another input (and sample events) for the same machine; `name` goes into the suite's title. */
  variant?: { name: string; input?: unknown; events?: readonly EventObject[] };
  /** Mounts the view (stub the network first); returns whatever the maps need (user, server, ...). */
  render(path: ChartPath): TView | Promise<TView>;
  events: Record<string, EventPerformer<TView> | EventMeans<TView>>;
  states: Record<string, StateCheck<TView>>;
  /**
   * Labels of `states` that may go unused (a family of checks generated for every combination of
   * parallel regions, of which the small cover reaches some): not reported as stale.
   */
  optionalStates?: (label: string) => boolean;
  unreachable?: readonly Unreachable[];
  /** Steps the view cannot produce there, whose transition other steps take (see the header). */
  unproducible?: readonly Unproducible[];
  /**
   * The part of the context to compare with the machine-level run after every step (the view's input
   * may differ from the chart's, e.g. an id from the URL). Default: the state value only.
   */
  compareContext?: (context: never) => unknown;
  /** `simulated` (default): the actor's timers fire only on `xstate.after.*` steps. `real`: real timers. */
  clock?: 'simulated' | 'real';
  /**
   * For a chart the page's own chart invokes: that page actor's machine (root `id`, e.g. `planningWizard`).
   * With `clock: 'simulated'` the page actor is created with the simulated clock, so the chart's timers (and
   * the page actor's own: one clock per actor system) fire only on `xstate.after.*` steps. Without it, such a
   * chart runs on the page's real timers (tests/paths/viewActors.ts).
   */
  pageMachine?: string;
  /** Per-step wait for the actor to reach the step's state (ms, default 5000). */
  timeout?: number;
}

/** What a view path suite proved, kept on its coverage test (`task.meta.viewPaths`) for `npm run test:paths`. */
declare module 'vitest' {
  interface TaskMeta {
    viewPaths?: ViewPathResult;
  }
}

const AFTER = /^xstate\.after\.([^.]+)\./;

function meansFor<TView>(spec: ViewPathSpec<TView>, type: string): EventMeans<TView> | undefined {
  const entry =
    spec.events[type] ??
    Object.entries(spec.events)
      .filter(([key]) => key.endsWith('*') && type.startsWith(key.slice(0, -1)))
      .sort(([a], [b]) => b.length - a.length)[0]?.[1];
  if (entry) return typeof entry === 'function' ? { perform: entry } : entry;
  if (AFTER.test(type)) return { perform: (_view, step, run) => run.advanceTimers(step.event) };
  return undefined;
}

/** The chart whose paths the suite replays: the registered one, or a variant of it. */
export function viewPathChart(spec: Pick<ViewPathSpec<unknown>, 'chart' | 'variant'>): Chart {
  const { chart, variant } = spec;
  if (!variant) return chart;
  const key = `${variant.name}`;
  const byName = variantCharts.get(chart) ?? new Map<string, Chart>();
  variantCharts.set(chart, byName);
  let variantChart = byName.get(key);
  if (!variantChart) {
    variantChart = {
      ...chart,
      name: `${chart.name} (${variant.name})`,
      input: variant.input ?? chart.input,
      events: (variant.events ?? chart.events) as Chart['events'],
    };
    byName.set(key, variantChart);
  }
  return variantChart;
}
const variantCharts = new WeakMap<Chart, Map<string, Chart>>();

function delayOf(chart: Chart, event: EventObject, snapshot: AnyMachineSnapshot): number {
  const name = AFTER.exec(event.type)?.[1];
  if (name === undefined) throw new Error(`${event.type} is not an xstate.after event`);
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (chart.machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay({ context: snapshot.context, event }, undefined) as number;
  throw new Error(`Chart "${chart.name}" has no delay named "${name}"`);
}

function observed(watched: WatchedActor, compareContext: ViewPathSpec<unknown>['compareContext']) {
  const snapshot = snapshotOf(watched);
  return describeSnapshot(snapshot, compareContext);
}

function describeSnapshot(
  snapshot: AnyMachineSnapshot,
  compareContext: ViewPathSpec<unknown>['compareContext'],
) {
  return {
    value: snapshot.value,
    done: snapshot.status === 'done',
    ...(compareContext ? { context: compareContext(snapshot.context as never) } : {}),
  };
}

/** Replays one path in the view; returns the transitions the view's actors took. */
export async function replayViewPath<TView>(
  spec: ViewPathSpec<TView>,
  chart: Chart,
  path: ChartPath,
): Promise<Set<string>> {
  const simulated = (spec.clock ?? 'simulated') === 'simulated';
  const watch = watchActors(chart.machine.id, { simulatedClock: simulated, pageMachine: spec.pageMachine });
  try {
    const view = await spec.render(path);
    let watched: WatchedActor | undefined;
    await waitFor(() => {
      watched = watch.latest();
      if (!watched) {
        throw new Error(
          `The view created no "${chart.machine.id}" actor through useActorRef, nor one with ` +
            "watchedActorOptions() (does the test file vi.mock('@xstate/react') with inspectingXStateReact, " +
            'or does render create its actor with watchedActorOptions()? see tests/paths/viewPathTests.tsx)',
        );
      }
    });
    const actor = watched!;
    const run: ViewRun = {
      watched: actor,
      async advanceTimers(event) {
        if (!actor.clock) throw new Error(`${event.type}: advance real timers yourself (clock: 'real')`);
        const ms = delayOf(chart, event, snapshotOf(actor));
        await act(async () => actor.clock!.increment(ms));
      },
    };
    for (const [index, pathStep] of path.steps.entries()) {
      const step: ViewStep = { path, index, event: pathStep.event as StepEvent, state: pathStep.state };
      const where = `step ${index} (${eventLabel(step.event)})`;
      let check = spec.states[valueLabel(step.state.value)];
      if (index > 0) {
        const means = meansFor(spec, step.event.type);
        if (!means)
          throw new Error(`${where}: no means to produce ${step.event.type} in the view (events map)`);
        await means.perform(view, step, run);
        if (means.see) check = means.see;
      }
      const expected = describeSnapshot(step.state, spec.compareContext);
      await waitFor(
        () => {
          const actual = observed(actor, spec.compareContext);
          if (stringify(actual) !== stringify(expected)) {
            throw new Error(
              `${where}: the view's actor is in ${stringify(actual)}, the path expects ${stringify(expected)}`,
            );
          }
        },
        { timeout: spec.timeout ?? 15_000, interval: 5 },
      );
      if (!check)
        throw new Error(`${where}: no checks for state "${valueLabel(step.state.value)}" (states map)`);
      await check(view, step);
    }
    if (watch.actors.length !== 1) {
      throw new Error(`The view created ${watch.actors.length} "${chart.machine.id}" actors for one path`);
    }
    return watch.covered();
  } finally {
    watch.stop();
  }
}

export function describeViewPathTests<TView>(spec: ViewPathSpec<TView>): void {
  const chart = viewPathChart(spec);
  const unreachable = spec.unreachable ?? [];
  describe(`${chart.name}: generated paths in the view`, () => {
    // Steps the view cannot produce are left out of the cover where another step takes their
    // transition, so no path is cut short before a transition only it takes.
    const { unproducible } = spec;
    const analysis = analyzeChart(
      chart,
      unproducible?.length
        ? { avoid: (event, before) => unproducible.some((entry) => entry.step(event, before)) }
        : {},
    );
    /** The first step whose event the view cannot produce, and why. */
    const excludedStep = (path: ChartPath) => {
      for (const [index, step] of path.steps.entries()) {
        if (index === 0) continue;
        const before = path.steps[index - 1]!.state;
        const entry =
          unreachable.find((u) => u.event?.(step.event)) ??
          spec.unproducible?.find((u) => u.step(step.event, before));
        if (entry) return { index, entry };
      }
      return undefined;
    };
    // A path with such an event is replayed up to the step before it (what the view can do of it).
    const replayed = analysis.paths.map((path) => {
      const excluded = excludedStep(path);
      if (!excluded) return { path, title: path.title, complete: true };
      const type = path.steps[excluded.index]!.event.type;
      const title = `${path.title} — replayed up to step ${excluded.index - 1}, without ${type}: ${excluded.entry.because}`;
      return { path: { ...path, steps: path.steps.slice(0, excluded.index) }, title, complete: false };
    });
    const covered = new Set<string>();

    it('knows how to produce every event and what every state shows', () => {
      const types = new Set(
        replayed.flatMap(({ path }) => path.steps.slice(1).map((step) => step.event.type)),
      );
      const labels = new Set(
        replayed.flatMap(({ path }) => path.steps.map((step) => valueLabel(step.state.value))),
      );
      expect(
        [...types].filter((type) => !meansFor(spec, type)),
        'events without a means',
      ).toEqual([]);
      expect(
        [...labels].filter((label) => !spec.states[label]),
        'states without checks',
      ).toEqual([]);
      expect(
        Object.keys(spec.states).filter((label) => !labels.has(label) && !spec.optionalStates?.(label)),
        'checks for states no path reaches',
      ).toEqual([]);
    });

    for (const { path, title } of replayed) {
      it(title, async () => {
        for (const key of await replayViewPath(spec, chart, path)) covered.add(key);
      });
    }

    it('takes every transition in the view, except the documented unreachable ones', ({ task }) => {
      const missing = analysis.transitions.filter((transition) => !covered.has(transition.key));
      const result: ViewPathResult = {
        chart: spec.chart.name,
        variant: spec.variant?.name ?? null,
        paths: replayed.length,
        partialPaths: replayed.filter((entry) => !entry.complete).length,
        transitions: analysis.transitions.length,
        covered: analysis.transitions.filter((t) => covered.has(t.key)).map((t) => t.label),
        unreachable: unreachable.map((entry) => entry.transition),
      };
      expect(missing.map((transition) => transition.label).sort()).toEqual(
        unreachable.map((entry) => entry.transition).sort(),
      );
      task.meta.viewPaths = result;
      // For the charts explorer's coverage file (tooling/charts/coverageFile.ts): only a suite that passed.
      writeViewTransitions(process.cwd(), {
        chart: spec.chart.name,
        variant: spec.variant?.name ?? null,
        covered: analysis.transitions.filter((t) => covered.has(t.key)).map((t) => t.key),
        unreachable: analysis.transitions
          .filter((t) => unreachable.some((entry) => entry.transition === t.label))
          .map((t) => t.key),
      });
    });
  });
}

/**
 * Puts `value` into a text field the way a person does, in one edit like the path's one `field.change`:
 * select what is there and paste over it (or delete it). A path may "change" a field to the value it
 * already has (the machine still takes the transition); a person does that by deleting a character and
 * typing it again: the same transition twice, the same end state.
 */
export async function replaceText(
  user: {
    type(element: Element, text: string): Promise<void>;
    click(element: Element): Promise<void>;
    tripleClick(element: Element): Promise<void>;
    keyboard(text: string): Promise<void>;
    paste(text: string): Promise<void>;
  },
  input: HTMLInputElement | HTMLTextAreaElement,
  value: string,
): Promise<void> {
  if (input.value === value) {
    // Delete the last character and type it again (an empty field: type one and delete it).
    const last = value.slice(-1).replace(/[{[]/g, '$&$&');
    await user.type(input, value === '' ? 'x{Backspace}' : `{Backspace}${last}`);
    return;
  }
  // Into the field, everything in it selected.
  if (input.value === '') await user.click(input);
  else await user.tripleClick(input);
  if (value === '') await user.keyboard('{Backspace}');
  else await user.paste(value);
}

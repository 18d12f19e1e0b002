/**
 * Graph analysis of a registered chart: which paths to test, which transitions
 * exist, which ones the paths cover. Shared by the vitest helper
 * (`tests/paths/pathTests.ts`) and `npm run test:paths`, so no vitest here.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Chart, transitionKey } from '@machines/chart';
import {
  type ActorLogic,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  createEmptyActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
  type StateValue,
} from 'xstate';
import { type StatePath, TestModel } from 'xstate/graph';

type Snapshot = AnyMachineSnapshot;
export type ChartPath = StatePath<Snapshot, EventObject> & {
  /** Short, unique name for the test: target state and the events that lead there. */
  title: string;
};

/** Stops the traversal when a chart's state space explodes (give it an `abstractContext`). */
const TRAVERSAL_LIMIT = 20_000;

// ---------------------------------------------------------------- definitions

export interface TransitionInfo {
  /** Stable id: `<source state id>|<event descriptor>|<index>`. */
  key: string;
  source: string;
  event: string;
  guard: string | undefined;
  targets: string[];
  /** Human-readable, e.g. `editing --form.submit [isFormValid]--> submitting`. */
  label: string;
}

/** Every state node below the root, in document order. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** The transitions a node owns: `on`, `after`, invoke `onDone`/`onError`/`onSnapshot`, `onDone`, then `always`. */
export function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** The key of a transition (`machines/chart.ts`): the same at the machine, view and browser levels. */
export { transitionKey };

/** Readable name of a guard: `isValid`, `!isValid`, `isA && isB`, `in(#id)`. */
export function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (composite.name === 'not' && composite.guards) return `!${describeGuard(composite.guards[0])}`;
    if ((composite.name === 'and' || composite.name === 'or') && composite.guards) {
      const operator = composite.name === 'and' ? ' && ' : ' || ';
      return `(${composite.guards.map(describeGuard).join(operator)})`;
    }
    if (composite.name === 'stateIn') return `in(${JSON.stringify(composite.stateValue)})`;
    return composite.name || 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    // Static params tell apart guards that share an implementation: `isSelected(PASSKEY)`.
    const { params } = guard as { params?: unknown };
    const shown =
      params && typeof params === 'object'
        ? Object.values(params).filter((value) => typeof value === 'string' || typeof value === 'number')
        : [];
    return shown.length ? `${String(guard.type)}(${shown.join(', ')})` : String(guard.type);
  }
  return 'guard';
}

const relativeName = (node: AnyStateNode) => node.path.join('.') || '(machine)';

/** Every transition of every state node (including the root), in document order. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return [machine.root, ...listStateNodes(machine)].flatMap((node) =>
    ownTransitions(node).map((transition) => {
      const key = transitionKey(transition);
      const guard = describeGuard(transition.guard);
      const targets = (transition.target ?? []).map((target: AnyStateNode) => target.id);
      const to = transition.target?.map(relativeName).join(', ') ?? '(stays)';
      const event = key.split('|')[1] ?? transition.eventType;
      return {
        key,
        source: node.id,
        event,
        guard,
        targets,
        label: `${relativeName(node)} --${event}${guard ? ` [${guard}]` : ''}--> ${to}`,
      };
    }),
  );
}

// -------------------------------------------------------------- serialization

/** JSON that keeps Error objects apart (`JSON.stringify(new Error('x'))` is `{}`). */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Error ? { [item.name]: item.message } : item,
  );
}

/** Default context cap: arrays keep their first three items. */
function capContext(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, 3).map((item) => capContext(item, depth + 1));
    return value.length > 3 ? [...kept, '…'] : kept;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capContext(item, depth + 1)]));
  }
  return value;
}

/**
 * `createTestModel`'s state serializer, rebuilt for `new TestModel`: the snapshot
 * (value + capped context) followed by ` via <event> from <previous value>`
 * whenever the value changed, so every value-changing transition is its own
 * vertex and shortest paths cover every transition, not just every state.
 */
export function createStateSerializer(chart: Chart) {
  const abstractContext = chart.abstractContext ?? capContext;
  return (snapshot: Snapshot, event: EventObject | undefined, previous?: Snapshot): string => {
    const context = snapshot.context && Object.keys(snapshot.context).length ? snapshot.context : undefined;
    const state = stringify({ value: snapshot.value, context: context && abstractContext(context) });
    if (!event || (previous && isDeepStrictEqual(previous.value, snapshot.value))) return state;
    return `${state} via ${stringify(event)}${previous ? ` from ${stringify(previous.value)}` : ''}`;
  };
}

// ---------------------------------------------------------------------- model

export function createPathModel(chart: Chart): TestModel<Snapshot, EventObject, unknown> {
  const logic = chart.machine as unknown as ActorLogic<Snapshot, EventObject, unknown>;
  return new TestModel(logic, {
    events: chart.events as readonly EventObject[],
    serializeState: createStateSerializer(chart),
    serializeEvent: stringify,
    // Only events the state reacts to (guards included): no dead self-loops.
    filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event),
    input: chart.input,
    limit: TRAVERSAL_LIMIT,
  });
}

const PAYLOAD_LABEL_MAX = 60;

export const eventLabel = (event: EventObject) => {
  const { type, ...payload } = event;
  if (!Object.keys(payload).length) return type;
  const json = stringify(payload);
  return `${type} ${json.length > PAYLOAD_LABEL_MAX ? `${json.slice(0, PAYLOAD_LABEL_MAX - 1)}…` : json}`;
};

/** A state value as one line: `idle`, `watching.waiting`, `a.x + b.y` (parallel regions). */
export const valueLabel = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child && Object.keys(child).length ? `${key}.${valueLabel(child)}` : key))
        .join(' + ');

// --------------------------------------------------------------------- runner

export interface StepState {
  value: StateValue;
  status: string;
  context: unknown;
}

export interface StepCheck {
  path: ChartPath;
  /** Index in `path.steps`; 0 is the initial state (`xstate.init`). */
  index: number;
  event: EventObject;
}

export interface PathRunOptions {
  /** Compares the actor's state with the path's after each step; the default throws on a difference. */
  assertStep?: (actual: StepState, expected: StepState, check: StepCheck) => void;
  /** Called after each step (after `assertStep`) with the actor's real snapshot: the oracle's hook. */
  onStep?: (snapshot: Snapshot, check: StepCheck) => void;
  /** Called for each event the machine emits, with the index of the step that caused it. */
  onEmit?: (index: number, event: EventObject) => void;
  /** Called for each transition the actor takes (`transitionKey`), with the index of the step that took it. */
  onTransition?: (index: number, key: string) => void;
}

export interface PathRun {
  /** Keys (`transitionKey`) of the transitions the actor took. */
  covered: Set<string>;
  /** Ids of the state nodes the actor entered, including states it left in the same step. */
  entered: Set<string>;
  /** Events the machine emitted (`emit(...)`), with the step that caused them. */
  emitted: Array<{ index: number; event: EventObject }>;
  final: StepState;
}

/** Replaces every named actor with one that never settles: the path injects done/error events itself. */
export function withInertActors(machine: AnyStateMachine): AnyStateMachine {
  let inertMachine = inertMachines.get(machine);
  if (!inertMachine) {
    const sources = Object.keys(machine.implementations.actors ?? {});
    const inert = fromPromise(() => new Promise<never>(() => {}));
    inertMachine = machine.provide({ actors: Object.fromEntries(sources.map((src) => [src, inert])) });
    inertMachines.set(machine, inertMachine);
  }
  return inertMachine;
}

const inertMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

/**
 * What a path step asserts. A path only knows its states up to the chart's
 * context abstraction (two snapshots with the same abstract context are one
 * vertex, and the library keeps the last one it saw), so the context is
 * compared through `selectContext`, else through the same abstraction.
 */
export function stepState(chart: Chart, snapshot: Snapshot): StepState {
  const select = chart.selectContext ?? chart.abstractContext ?? capContext;
  return { value: snapshot.value, status: snapshot.status, context: select(snapshot.context) };
}

function assertEqualStep(actual: StepState, expected: StepState, { path, index, event }: StepCheck) {
  if (isDeepStrictEqual(actual, expected)) return;
  throw new Error(
    `Path "${path.title}", step ${index} (${eventLabel(event)}):\n` +
      `  expected ${stringify(expected)}\n  actual   ${stringify(actual)}`,
  );
}

/**
 * Runs one path against the real machine: a live actor on a simulated clock
 * (timers never fire by themselves), actors that never settle, and each step's
 * event sent with `actor.send` — `xstate.done.actor.*`, `xstate.error.actor.*`
 * and `xstate.after.*` included, which XState v5 accepts like any event.
 */
export function runPath(chart: Chart, path: ChartPath, options: PathRunOptions = {}): PathRun {
  const assertStep = options.assertStep ?? assertEqualStep;
  const covered = new Set<string>();
  const entered = new Set<string>();
  const enter = (snapshot: Snapshot) => {
    for (const node of snapshot._nodes) entered.add(node.id);
  };
  const emitted: PathRun['emitted'] = [];
  let index = 0;
  // The root actor; unset while it is being created (a machine whose initial state is transient, with an
  // `always`, already takes microsteps in the constructor, and only the root exists then).
  let root: unknown;
  const actor = createActor(withInertActors(chart.machine), {
    input: chart.input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep' || (root !== undefined && inspection.actorRef !== root))
        return;
      for (const transition of inspection._transitions) {
        covered.add(transitionKey(transition));
        options.onTransition?.(index, transitionKey(transition));
      }
      enter(inspection.snapshot as Snapshot);
    },
  });
  root = actor;
  actor.on('*', (event) => {
    emitted.push({ index, event });
    options.onEmit?.(index, event);
  });
  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  try {
    actor.start();
    enter(actor.getSnapshot());
    for (const [i, step] of path.steps.entries()) {
      index = i;
      if (i > 0) actor.send(step.event);
      if (failure !== undefined) throw failure;
      const check = { path, index: i, event: step.event };
      assertStep(stepState(chart, actor.getSnapshot()), stepState(chart, step.state), check);
      options.onStep?.(actor.getSnapshot(), check);
    }
    return { covered, entered, emitted, final: stepState(chart, actor.getSnapshot()) };
  } finally {
    actor.stop();
  }
}

// ------------------------------------------------------------------- analysis

export interface ChartAnalysis {
  chart: Chart;
  paths: ChartPath[];
  /** Every state node below the root (ids), history pseudo-states excepted. */
  states: string[];
  /** State nodes entered by some path (transient ones included, e.g. a final child that completes its parent). */
  statesReached: string[];
  transitions: TransitionInfo[];
  coveredTransitions: TransitionInfo[];
  uncovered: TransitionInfo[];
  /** Paths that failed when run against the machine (should be none). */
  failures: Array<{ path: ChartPath; error: unknown }>;
  /** Vertices ("state via event from state") and edges of the explored graph, for the record. */
  graph: { vertices: number; edges: number };
}

const cache = new WeakMap<Chart, ChartAnalysis>();

/** One edge of the explored graph: an event from a vertex, and the chart transitions it takes. */
interface Edge {
  from: string;
  to: string;
  event: EventObject;
  state: Snapshot;
  keys: string[];
}

/** An actor scope like xstate/graph's mock one, that records the transitions of each microstep. */
function recordingScope(record: (keys: string[]) => void) {
  const self = createEmptyActor();
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'path-cover',
    defer: () => {},
    system: {
      ...self.system,
      _sendInspectionEvent: (inspection: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
        if (inspection.type === '@xstate.microstep' && inspection._transitions)
          record(inspection._transitions.map(transitionKey));
      },
    },
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

/**
 * Breadth-first search of the chart's graph from a concrete snapshot, with the chart's serializer
 * (one vertex per "state via event from state") and sample events. Each vertex keeps the snapshot
 * the search first reached it with, so a route to it replays exactly on the real machine (two
 * snapshots with the same abstract context are one vertex, but only the first is ever followed).
 * With `avoid`, steps it matches are left out.
 */
function searchGraph(
  chart: Chart,
  start: { key: string; state: Snapshot },
  options: { avoid?: AvoidStep } = {},
) {
  const { avoid } = options;
  const serialize = createStateSerializer(chart);
  const events = chart.events as readonly EventObject[];
  let taken: string[] = [];
  const scope = recordingScope((keys) => taken.push(...keys));
  const distance = new Map<string, number>([[start.key, 0]]);
  const via = new Map<string, Edge>();
  const states = new Map<string, Snapshot>([[start.key, start.state]]);
  const out = new Map<string, Edge[]>();
  const order = [start.key];
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    const level = distance.get(from)!;
    if (order.length > TRAVERSAL_LIMIT) {
      throw new Error(
        `Chart "${chart.name}": more than ${TRAVERSAL_LIMIT} states explored. Its context is probably ` +
          'unbounded for the sample events: give the chart an `abstractContext`, or fewer sample events.',
      );
    }
    const state = states.get(from)!;
    const edges: Edge[] = [];
    // Only events the state reacts to (guards included): no dead self-loops.
    for (const event of events) {
      if (state.status !== 'active' || !state.can(event) || avoid?.(event, state)) continue;
      taken = [];
      const next = chart.machine.transition(state, event, scope) as Snapshot;
      const edge: Edge = {
        from,
        to: serialize(next, event, state),
        event,
        state: next,
        keys: [...new Set(taken)],
      };
      edges.push(edge);
      if (distance.has(edge.to)) continue;
      distance.set(edge.to, level + 1);
      via.set(edge.to, edge);
      states.set(edge.to, next);
      order.push(edge.to);
    }
    out.set(from, edges);
  }
  const route = (to: string): Edge[] => {
    const edges: Edge[] = [];
    for (let vertex = to; vertex !== start.key; ) {
      const edge = via.get(vertex)!;
      edges.unshift(edge);
      vertex = edge.from;
    }
    return edges;
  };
  return { distance, order, out, route };
}

/** Steps the cover should take only when no other step takes their transition (see `CoverOptions`). */
export type AvoidStep = (event: EventObject, before: Snapshot) => boolean;

export interface CoverOptions {
  /**
   * Steps to keep out of the paths where possible: a transition is taken through such a step only
   * when no other step takes it. The view-level tests pass the steps the view cannot produce, so
   * that no path is cut short before a transition only it takes.
   */
  avoid?: AvoidStep;
}

/**
 * A small cover of the graph, greedily: each path is the shortest route from the initial state to
 * the nearest edge that takes a transition no path has taken yet (breadth-first; ties go to the
 * edge that takes more new ones). Chaining such routes into longer paths makes fewer paths (session:
 * 3 instead of 23), but paths in orders no person would follow that the view-level tests (written
 * for shortest paths) could not replay: each path stays a shortest path.
 */
function coverGraph(
  chart: Chart,
  initial: { key: string; state: Snapshot },
  initialKeys: Iterable<string>,
  options: CoverOptions,
) {
  const full = searchGraph(chart, initial);
  const uncovered = new Set([...full.out.values()].flat().flatMap((edge) => edge.keys));
  for (const key of initialKeys) uncovered.delete(key);
  const gain = (edge: Edge) => edge.keys.filter((key) => uncovered.has(key)).length;
  const paths: Edge[][] = [];
  // First avoiding the steps to avoid, then, for what only they take, with them.
  for (const avoid of options.avoid ? [options.avoid, undefined] : [undefined]) {
    const search = avoid ? searchGraph(chart, initial, { avoid }) : full;
    while (uncovered.size) {
      let best: { edge: Edge; distance: number; gain: number } | undefined;
      for (const vertex of search.order) {
        const distance = search.distance.get(vertex)!;
        if (best && distance > best.distance) break;
        for (const edge of search.out.get(vertex) ?? []) {
          const edgeGain = gain(edge);
          if (edgeGain && (!best || edgeGain > best.gain)) best = { edge, distance, gain: edgeGain };
        }
      }
      if (!best) break; // what is left is taken by no edge (here): next pass, or reported uncovered
      const steps = [...search.route(best.edge.from), best.edge];
      for (const edge of steps) for (const key of edge.keys) uncovered.delete(key);
      paths.push(steps);
    }
  }
  return { paths, vertices: full.order.length, edges: [...full.out.values()].flat().length };
}

function toChartPath(initialState: Snapshot, edges: Edge[]): ChartPath {
  const steps = [
    { state: initialState, event: { type: 'xstate.init' } as EventObject },
    ...edges.map((edge) => ({ state: edge.state, event: edge.event })),
  ];
  const state = steps.at(-1)!.state;
  const events = edges.map((edge) => eventLabel(edge.event));
  return {
    state,
    steps,
    weight: edges.length,
    title: `reaches ${valueLabel(state.value)}: ${events.join(' → ') || '(start)'}`,
  };
}

/**
 * A small cover of the chart: paths that together take every transition at least once.
 *
 * The graph is xstate/graph's (one vertex per "state via event from state", so every transition
 * has its own vertex), each edge labelled with the chart transitions the machine takes along it.
 * Paths are built greedily (`coverGraph`), run against the machine to see which transitions they
 * really take, and a path whose transitions and states others take too is dropped.
 */
export function analyzeChart(chart: Chart, options: CoverOptions = {}): ChartAnalysis {
  const cacheable = !options.avoid;
  const cached = cacheable ? cache.get(chart) : undefined;
  if (cached) return cached;

  const initialKeys: string[] = [];
  const initialState = chart.machine.getInitialSnapshot(
    recordingScope((keys) => initialKeys.push(...keys)),
    chart.input,
  ) as Snapshot;
  const initial = { key: createStateSerializer(chart)(initialState, undefined), state: initialState };
  const cover = coverGraph(chart, initial, initialKeys, options);
  const candidates = cover.paths.map((route) => toChartPath(initialState, route));

  const transitions = listTransitions(chart.machine);
  const failures: ChartAnalysis['failures'] = [];
  const runs = new Map<ChartPath, { keys: Set<string>; entered: Set<string> }>();
  for (const path of candidates) {
    try {
      const result = runPath(chart, path);
      runs.set(path, { keys: result.covered, entered: result.entered });
    } catch (error) {
      failures.push({ path, error });
      runs.set(path, { keys: new Set(), entered: new Set() });
    }
  }

  // With `avoid`, what the others take counts only up to their first avoided step (a view replays a
  // path only that far): a path is not dropped for what only another's avoided tail takes.
  const replayable = new Map<ChartPath, { keys: Set<string>; entered: Set<string> }>();
  for (const path of candidates) {
    const { avoid } = options;
    const cut = avoid
      ? path.steps.findIndex((step, i) => i > 0 && avoid(step.event, path.steps[i - 1]!.state))
      : -1;
    if (cut < 0) {
      replayable.set(path, runs.get(path)!);
      continue;
    }
    try {
      const result = runPath(chart, { ...path, steps: path.steps.slice(0, cut) });
      replayable.set(path, { keys: result.covered, entered: result.entered });
    } catch {
      replayable.set(path, { keys: new Set(), entered: new Set() });
    }
  }

  // Drop paths that add nothing (shortest first): every transition and state they take, others take.
  let paths = [...candidates];
  const failed = new Set(failures.map((failure) => failure.path));
  for (const path of [...candidates].sort((a, b) => a.steps.length - b.steps.length)) {
    if (failed.has(path)) continue;
    const others = paths.filter((other) => other !== path);
    const keys = new Set(others.flatMap((other) => [...replayable.get(other)!.keys]));
    const entered = new Set(others.flatMap((other) => [...replayable.get(other)!.entered]));
    const run = runs.get(path)!;
    if ([...run.keys].every((key) => keys.has(key)) && [...run.entered].every((id) => entered.has(id)))
      paths = others;
  }

  const covered = new Set(paths.flatMap((path) => [...runs.get(path)!.keys]));
  for (const [i, path] of paths.entries()) path.title = `#${String(i + 1).padStart(2, '0')} ${path.title}`;
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    for (const id of runs.get(path)!.entered) reached.add(id);
  }
  const rootId = chart.machine.root.id;
  const analysis: ChartAnalysis = {
    chart,
    paths,
    // History nodes are pseudo-states: never active themselves.
    states: listStateNodes(chart.machine)
      .filter((node) => node.type !== 'history')
      .map((node) => node.id),
    statesReached: [...reached].filter((id) => id !== rootId),
    transitions,
    coveredTransitions: transitions.filter((transition) => covered.has(transition.key)),
    uncovered: transitions.filter((transition) => !covered.has(transition.key)),
    failures: failures.filter((failure) => paths.includes(failure.path)),
    graph: { vertices: cover.vertices, edges: cover.edges },
  };
  if (cacheable) cache.set(chart, analysis);
  return analysis;
}

// ---------------------------------------------------------------------- table

/** Extra columns after the machine-level ones (the view-level columns of `npm run test:paths`). */
export interface ExtraColumns {
  header: string[];
  cells: (analysis: ChartAnalysis) => string[];
}

export function formatCoverageTable(
  analyses: readonly ChartAnalysis[],
  extra?: ExtraColumns,
  /** The machine paths cell; default: paths that replayed without a throw. */
  pathsCell: (analysis: ChartAnalysis) => string = (analysis) =>
    `${analysis.paths.length - analysis.failures.length}/${analysis.paths.length} passed`,
): string {
  const header = [
    'machine',
    'states',
    'states reached',
    'transitions',
    'machine paths',
    'machine transitions',
    ...(extra?.header ?? []),
  ];
  const rows = analyses.map((analysis) => [
    analysis.chart.name,
    String(analysis.states.length),
    `${analysis.statesReached.length}/${analysis.states.length}`,
    String(analysis.transitions.length),
    pathsCell(analysis),
    `${analysis.coveredTransitions.length}/${analysis.transitions.length}`,
    ...(extra?.cells(analysis) ?? []),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

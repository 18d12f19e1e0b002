/**
 * Graph analysis of a registered chart: which paths to test, which transitions
 * exist, which ones the paths cover. Shared by the vitest helper
 * (`tests/paths/pathTests.ts`) and `npm run test:paths`, so no vitest here.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
  type StateValue,
} from 'xstate';
import { type StatePath, TestModel, type TestPath } from 'xstate/graph';
import type { Chart } from '../../machines/chart';

type Snapshot = AnyMachineSnapshot;
export type ChartPath = TestPath<Snapshot, EventObject> & {
  /** Short, unique name for the test: target state and the events that lead there. */
  title: string;
};

/** Stops the traversal when a chart's state space explodes (give it an `abstractContext`). */
const TRAVERSAL_LIMIT = 20_000;
/** Simple paths are only tried on small graphs: their number grows exponentially. */
const SIMPLE_PATHS_MAX_VERTICES = 300;

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

export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source } = transition;
  const isAlways = source.always?.includes(transition) ?? false;
  const siblings = isAlways ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id}|${isAlways ? 'always' : transition.eventType}|${siblings.indexOf(transition)}`;
}

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

/** Drops paths whose events are a prefix of a longer path (like the library's, with `stringify`). */
function withoutPrefixPaths<TPath extends StatePath<Snapshot, EventObject>>(paths: TPath[]): TPath[] {
  const sequences = paths
    .map((path) => ({ path, events: path.steps.map((step) => stringify(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const kept: typeof sequences = [];
  for (const candidate of sequences) {
    const isPrefix = kept.some((longer) => candidate.events.every((event, i) => longer.events[i] === event));
    if (!isPrefix) kept.push(candidate);
  }
  return kept.map(({ path }) => path);
}

function toChartPath(path: TestPath<Snapshot, EventObject>): ChartPath {
  const events = path.steps.slice(1).map((step) => eventLabel(step.event));
  return { ...path, title: `reaches ${valueLabel(path.state.value)}: ${events.join(' → ') || '(start)'}` };
}

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
      for (const transition of inspection._transitions) covered.add(transitionKey(transition));
      enter(inspection.snapshot as Snapshot);
    },
  });
  root = actor;
  actor.on('*', (event) => emitted.push({ index, event }));
  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  try {
    actor.start();
    enter(actor.getSnapshot());
    for (const [i, step] of path.steps.entries()) {
      index = i;
      if (i > 0) actor.send(step.event);
      if (failure !== undefined) throw failure;
      assertStep(stepState(chart, actor.getSnapshot()), stepState(chart, step.state), {
        path,
        index: i,
        event: step.event,
      });
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
  /** `shortest`, or `shortest+simple` when simple paths were needed for full coverage. */
  strategy: 'shortest' | 'shortest+simple';
}

const cache = new WeakMap<Chart, ChartAnalysis>();

/**
 * Shortest paths to every vertex of the chart's graph (one per
 * "state via event from state"), run against the machine to see which
 * transitions they take; when some are still uncovered and the graph is small,
 * simple paths that reach them are added.
 */
export function analyzeChart(chart: Chart): ChartAnalysis {
  const cached = cache.get(chart);
  if (cached) return cached;

  const model = createPathModel(chart);
  const transitions = listTransitions(chart.machine);
  const covered = new Set<string>();
  const entered = new Map<ChartPath, Set<string>>();
  const failures: ChartAnalysis['failures'] = [];

  /** Runs a path; a failing path is kept (and reported) whatever it covers. */
  const run = (path: ChartPath): { keys: Set<string>; failed: boolean } => {
    try {
      const result = runPath(chart, path);
      entered.set(path, result.entered);
      return { keys: result.covered, failed: false };
    } catch (error) {
      failures.push({ path, error });
      return { keys: new Set(), failed: true };
    }
  };

  let shortest: TestPath<Snapshot, EventObject>[];
  try {
    shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  } catch (error) {
    if (!(error instanceof Error && /limit exceeded/.test(error.message))) throw error;
    throw new Error(
      `Chart "${chart.name}": more than ${TRAVERSAL_LIMIT} states explored. Its context is probably ` +
        'unbounded for the sample events: give the chart an `abstractContext`, or fewer sample events.',
    );
  }
  const paths = withoutPrefixPaths(shortest).map(toChartPath);
  for (const path of paths) for (const key of run(path).keys) covered.add(key);

  let strategy: ChartAnalysis['strategy'] = 'shortest';
  const missing = () => transitions.filter((transition) => !covered.has(transition.key));
  if (missing().length && Object.keys(model.getAdjacencyMap()).length <= SIMPLE_PATHS_MAX_VERTICES) {
    const simple = withoutPrefixPaths(model.getSimplePaths({ allowDuplicatePaths: true }))
      .sort((a, b) => a.steps.length - b.steps.length)
      .map(toChartPath);
    for (const path of simple) {
      if (!missing().length) break;
      const { keys, failed } = run(path);
      if (failed || [...keys].some((key) => !covered.has(key))) {
        paths.push(path);
        for (const key of keys) covered.add(key);
        strategy = 'shortest+simple';
      }
    }
  }

  for (const [i, path] of paths.entries()) path.title = `#${String(i + 1).padStart(2, '0')} ${path.title}`;
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    for (const id of entered.get(path) ?? []) reached.add(id);
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
    uncovered: missing(),
    failures,
    strategy,
  };
  cache.set(chart, analysis);
  return analysis;
}

// ---------------------------------------------------------------------- table

/** Extra columns after the machine-level ones (the view-level columns of `npm run test:paths`). */
export interface ExtraColumns {
  header: string[];
  cells: (analysis: ChartAnalysis) => string[];
}

export function formatCoverageTable(analyses: readonly ChartAnalysis[], extra?: ExtraColumns): string {
  const header = [
    'machine',
    'states',
    'states reached',
    'transitions',
    'paths run',
    'transitions covered',
    ...(extra?.header ?? []),
  ];
  const rows = analyses.map((analysis) => [
    analysis.chart.name,
    String(analysis.states.length),
    `${analysis.statesReached.length}/${analysis.states.length}`,
    String(analysis.transitions.length),
    `${analysis.paths.length - analysis.failures.length}/${analysis.paths.length} passed`,
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

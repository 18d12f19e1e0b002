import type {
  AnyStateMachine,
  AnyTransitionDefinition,
  ContextFrom,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';

/**
 * Events the machine receives from XState itself. Path tests inject them like
 * any other event, so the registry needs samples for them too.
 */
export type InternalSampleEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.snapshot.${string}`; snapshot: unknown }
  | { type: `xstate.after.${string}` };

export type SampleEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | InternalSampleEvent;

/** One registered statechart: its diagram goes to `docs/charts/<name>.md`, its paths become tests. */
export interface Chart<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** File name of the diagram and name of the path-test suite, e.g. `signIn`. */
  name: string;
  /** Heading of the diagram page, e.g. `Sign in`. */
  title: string;
  machine: TMachine;
  /** One or two sentences for a product owner. */
  description: string;
  /**
   * Sample events for the path tests: every event type, with enough payload
   * variants to make every guard pass and fail once; `xstate.done.actor.<id>`
   * with an `output`, `xstate.error.actor.<id>` with an `error`, and
   * `xstate.after.<delay>.<stateId>` for each `after`.
   */
  events: ReadonlyArray<SampleEvent<TMachine>>;
  input?: InputFrom<TMachine>;
  /**
   * Bounds the context seen by the path generator, so unbounded data (counters,
   * growing lists) does not make the state space infinite. Defaults to the
   * context with arrays cut after three items.
   */
  abstractContext?: (context: ContextFrom<TMachine>) => unknown;
  /**
   * The part of the context the path tests compare after each step. Defaults to
   * `abstractContext` (paths only know the context up to that abstraction).
   */
  selectContext?: (context: ContextFrom<TMachine>) => unknown;
  /**
   * What the chart's `connect()` gives its view for a snapshot (commands show as functions): the charts
   * explorer's simulation shows it at each step (docs/charts-explorer.md). Optional.
   */
  connect?: (snapshot: SnapshotFrom<TMachine>) => unknown;
}

/** Type-checks a chart's samples against its machine, then widens it for the registry. */
export function defineChart<TMachine extends AnyStateMachine>(chart: Chart<TMachine>): Chart {
  return chart as unknown as Chart;
}

/**
 * A transition's stable name, the same at every level (machine, view and browser path coverage):
 * `<source state id>|<event type, or always>|<index among the source's transitions for it>`.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source } = transition;
  const isAlways = source.always?.includes(transition) ?? false;
  const siblings = isAlways ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id}|${isAlways ? 'always' : transition.eventType}|${siblings.indexOf(transition)}`;
}

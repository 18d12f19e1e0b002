import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type StateValue,
} from 'xstate';
import type { Chart } from '../chart';

/**
 * The charts explorer's simulation (issue 30): the chart's machine started with its sample input, on a
 * simulated clock (timers fire only when their `xstate.after.*` event is taken), its invoked work never
 * settling by itself (its outcomes are the registry's sample `xstate.done.actor.*` / `xstate.error.actor.*`
 * events), then the taken events replayed in order. Pure: the same events give the same steps.
 */
export interface SimulatedStep {
  /** `start` for the initial state, else the event with a short payload. */
  event: string;
  /** The state value as one line: `active.code.error + delivery.ready`. */
  state: string;
  status: string;
  /** Ids of the active state nodes (the diagram fills them). */
  active: string[];
  context: unknown;
  /** What the chart's `connect()` gives its view (commands as `ƒ name`), when the chart says. */
  view: unknown;
}

export interface Simulation {
  steps: SimulatedStep[];
  /** Indices (in the chart's sample events) of the events the last state takes. */
  enabled: number[];
  /** Set when a taken event is not enabled where it is taken (a stale shared link): the steps stop before it. */
  problem: string | null;
}

/**
 * A clock whose timers never fire: a timer's transition is taken when its `xstate.after.*` event is chosen
 * (XState's SimulatedClock would do too, but it would weigh on the app's first download).
 */
const STILL_CLOCK = { setTimeout: () => 0, clearTimeout: () => {} };

const inert = new WeakMap<AnyStateMachine, AnyStateMachine>();
function withInertActors(machine: AnyStateMachine): AnyStateMachine {
  let provided = inert.get(machine);
  if (!provided) {
    const never = fromPromise(() => new Promise<never>(() => {}));
    const sources = Object.keys(machine.implementations.actors ?? {});
    provided = machine.provide({ actors: Object.fromEntries(sources.map((src) => [src, never])) });
    inert.set(machine, provided);
  }
  return provided;
}

const PAYLOAD_MAX = 70;

/** Plain data for display: errors as `{ TypeError: message }`, functions as `ƒ name`, depth capped. */
export function plain(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (value instanceof Error) return { [value.name]: value.message };
  if (typeof value === 'function') return `ƒ ${value.name || 'command'}`;
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1));
  if (value && typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
      return Object.prototype.toString.call(value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item, depth + 1)]));
  }
  return value;
}

export function eventName(event: EventObject): string {
  const { type, ...payload } = event;
  if (!Object.keys(payload).length) return type;
  const json = JSON.stringify(plain(payload));
  return `${type} ${json.length > PAYLOAD_MAX ? `${json.slice(0, PAYLOAD_MAX - 1)}…` : json}`;
}

export function stateLabel(value: StateValue): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child && Object.keys(child).length ? `${key}.${stateLabel(child)}` : key))
        .join(' + ');
}

function stepOf(chart: Chart, snapshot: AnyMachineSnapshot, event: string): SimulatedStep {
  let view: unknown;
  try {
    view = chart.connect ? plain(chart.connect(snapshot)) : undefined;
  } catch (error) {
    view = { 'connect() threw': error instanceof Error ? error.message : String(error) };
  }
  return {
    event,
    state: stateLabel(snapshot.value),
    status: snapshot.status,
    active: snapshot._nodes.filter((node) => node.parent).map((node) => node.id),
    context: plain(snapshot.context),
    view,
  };
}

export function simulate(chart: Chart, taken: readonly number[]): Simulation {
  const events = chart.events as readonly EventObject[];
  const actor = createActor(withInertActors(chart.machine), {
    input: chart.input,
    clock: STILL_CLOCK,
  });
  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  try {
    const steps = [stepOf(chart, actor.getSnapshot(), 'start')];
    let problem: string | null = null;
    for (const [position, index] of taken.entries()) {
      const event = events[index];
      const snapshot = actor.getSnapshot();
      if (!event || snapshot.status !== 'active' || !snapshot.can(event)) {
        problem = `Step ${position + 1} (${event ? eventName(event) : `event #${index}`}) is not enabled in ${stateLabel(snapshot.value)}: the simulation stops before it.`;
        break;
      }
      actor.send(event);
      if (failure !== undefined) {
        problem = `Step ${position + 1} (${eventName(event)}) failed: ${failure instanceof Error ? failure.message : String(failure)}`;
        break;
      }
      steps.push(stepOf(chart, actor.getSnapshot(), eventName(event)));
    }
    const last = actor.getSnapshot();
    const enabled =
      last.status === 'active' && failure === undefined
        ? events.flatMap((event, index) => (last.can(event) ? [index] : []))
        : [];
    return { steps, enabled, problem };
  } finally {
    actor.stop();
  }
}

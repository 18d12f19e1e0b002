import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { transitionKey } from '../chart';

/**
 * A machine read as data for the charts explorer (issue 30): its state nodes (nested, parallel, history,
 * final) and its transitions with event, guard, delay and invoked work. Pure: the diagram, the lists and
 * the Markdown export are drawn from it. The transition keys are `transitionKey`'s, the same as the
 * coverage file's at every level.
 */
export interface StateModel {
  /** The state node's id, e.g. `codeEntry.active.code.error`. */
  id: string;
  /** Its key, e.g. `error`. */
  key: string;
  /** Its path below the root, `active.code.error`. */
  path: string;
  parent: string | null;
  depth: number;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** `shallow` or `deep`, for a history state. */
  history?: string;
  initial: boolean;
  description: string;
  /** Invoked work: the actor's name (`src`) per invoke. */
  invokes: string[];
  children: string[];
}

export interface TransitionModel {
  key: string;
  source: string;
  /** The event type, `always`, or the timer's `xstate.after.<delay>.<state>`. */
  event: string;
  /** A short name people read: `code.change`, `after errorReset (500 ms)`, `verifyCode done`. */
  label: string;
  guard: string | null;
  /** The delay's name and, when known, its milliseconds. */
  delay: { name: string; ms: number | null } | null;
  /** The invoke whose outcome this is (`done`, `error` or `snapshot`). */
  invoke: { id: string; outcome: 'done' | 'error' | 'snapshot' } | null;
  targets: string[];
  actions: string[];
  description: string | null;
}

export interface ChartModel {
  rootId: string;
  rootType: 'compound' | 'parallel' | 'atomic';
  rootDescription: string;
  states: StateModel[];
  transitions: TransitionModel[];
}

/** Readable name of a guard: `isValid`, `!isValid`, `(isA && isB)`, `in(#id)`. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (composite.name === 'not' && composite.guards) return `!${guardName(composite.guards[0])}`;
    if ((composite.name === 'and' || composite.name === 'or') && composite.guards)
      return `(${composite.guards.map(guardName).join(composite.name === 'and' ? ' && ' : ' || ')})`;
    if (composite.name === 'stateIn') return `in(${JSON.stringify(composite.stateValue)})`;
    return composite.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    // Static params tell apart guards that share an implementation: `stepIs(overview)`.
    const { type, params } = guard as { type: unknown; params?: unknown };
    const shown =
      params && typeof params === 'object'
        ? Object.values(params).filter((value) => typeof value === 'string' || typeof value === 'number')
        : [];
    return shown.length ? `${String(type)}(${shown.join(', ')})` : String(type);
  }
  return 'guard';
}

const actionName = (action: unknown): string => {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return (action as { name?: string }).name || 'inline action';
  if (action && typeof action === 'object' && 'type' in action)
    return String((action as { type: unknown }).type);
  return 'action';
};

const AFTER = /^xstate\.after\.([^.]+)\./;
const DONE_ACTOR = /^xstate\.(done|error)\.actor\.(.+)$/;
const SNAPSHOT = /^xstate\.snapshot\.(.+)$/;

function delayOf(machine: AnyStateMachine, event: string): TransitionModel['delay'] {
  const name = AFTER.exec(event)?.[1];
  if (!name) return null;
  if (/^\d+$/.test(name)) return { name, ms: Number(name) };
  const delay = (machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
  return { name, ms: typeof delay === 'number' ? delay : null };
}

function labelOf(event: string, delay: TransitionModel['delay'], invoke: TransitionModel['invoke']) {
  if (event === 'always') return 'always';
  if (delay)
    return `after ${delay.name}${delay.ms !== null && delay.name !== String(delay.ms) ? ` (${delay.ms} ms)` : delay.ms !== null ? ' ms' : ''}`;
  if (invoke) return `${invoke.id} ${invoke.outcome}`;
  if (event.startsWith('xstate.done.state.')) return 'done';
  return event;
}

/** Reads a machine's states and transitions, in document order. */
export function chartModel(machine: AnyStateMachine): ChartModel {
  const states: StateModel[] = [];
  const transitions: TransitionModel[] = [];
  const visit = (node: AnyStateNode, depth: number) => {
    const own: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of own) {
      const key = transitionKey(transition);
      const event = key.split('|')[1] ?? transition.eventType;
      const delay = delayOf(machine, event);
      const done = DONE_ACTOR.exec(event);
      const snapshot = SNAPSHOT.exec(event);
      const invoke: TransitionModel['invoke'] = done
        ? { id: done[2]!, outcome: done[1] as 'done' | 'error' }
        : snapshot
          ? { id: snapshot[1]!, outcome: 'snapshot' }
          : null;
      transitions.push({
        key,
        source: node.id,
        event,
        label: labelOf(event, delay, invoke),
        guard: guardName(transition.guard),
        delay,
        invoke,
        targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
        actions: (transition.actions ?? []).map(actionName),
        description: (transition as { description?: string }).description ?? null,
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const parent = child.parent;
      const initialIds =
        parent?.type === 'compound' ? (parent.initial?.target ?? []).map((t: AnyStateNode) => t.id) : [];
      states.push({
        id: child.id,
        key: child.key,
        path: child.path.join('.'),
        parent: parent && parent !== machine.root ? parent.id : null,
        depth,
        type: child.type,
        ...(child.type === 'history' ? { history: String(child.history ?? 'shallow') } : {}),
        initial: initialIds.includes(child.id),
        description: child.description ?? '',
        invokes: child.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
        children: (Object.values(child.states) as AnyStateNode[]).map((grandchild) => grandchild.id),
      });
      visit(child, depth + 1);
    }
  };
  visit(machine.root, 0);
  return {
    rootId: machine.root.id,
    rootType:
      machine.root.type === 'parallel'
        ? 'parallel'
        : Object.keys(machine.root.states).length
          ? 'compound'
          : 'atomic',
    rootDescription: machine.root.description ?? '',
    states,
    transitions,
  };
}

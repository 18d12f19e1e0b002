/**
 * Renders a registered statechart as a Mermaid `stateDiagram-v2` page for
 * product owners (GitHub renders Mermaid in Markdown). Used by
 * `npm run charts` and by the staleness test, so both produce the same bytes.
 *
 * Mermaid constraints honoured here: ids without dots or dashes (`state "label" as id`),
 * no `:` or `;` inside labels, arrows only between states of the same box (a
 * transition that crosses boxes is drawn between the boxes that contain its ends).
 */

import type { Chart } from '@machines/chart';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { describeGuard, listStateNodes, ownTransitions } from './coverage';

const INDENT = '  ';
const NOTE_WIDTH = 56;
const INSIDE_WIDTH = 32;
const RESERVED = new Set(['end', 'state', 'note', 'direction', 'class', 'classDef', 'style', 'click', 'as']);

// ---------------------------------------------------------------------- text

/** Mermaid labels end at `:`, `;` or a newline; quotes would end a state label. */
const clean = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[:;]/g, ',')
    .replace(/"/g, "'")
    .trim();

function wrap(text: string, width = NOTE_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${formatDuration(delay)}`;
  if (typeof delay === 'string') {
    const value = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
    return typeof value === 'number' ? `after ${formatDuration(value)}` : `after ${delay}`;
  }
  return 'after a delay';
}

/** `form.submit [isFormValid]`, `after 500 ms`, `signIn done`, `always [hasCode]`... */
export function transitionLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const { source } = transition;
  const isAlways = source.always?.includes(transition) ?? false;
  const type = String(transition.eventType);
  let event: string;
  if (isAlways) event = 'always';
  else if ('delay' in transition) event = delayLabel(machine, transition.delay);
  else if (type.startsWith('xstate.done.actor.')) event = `${type.slice('xstate.done.actor.'.length)} done`;
  else if (type.startsWith('xstate.error.actor.'))
    event = `${type.slice('xstate.error.actor.'.length)} error`;
  else if (type.startsWith('xstate.snapshot.')) event = `${type.slice('xstate.snapshot.'.length)} update`;
  else if (type.startsWith('xstate.done.state.')) event = `${source.key || 'machine'} done`;
  else if (type === '*') event = 'any event';
  else event = type;

  let guard = describeGuard(transition.guard);
  if (!guard) {
    const siblings = isAlways ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
    const earlier = siblings.slice(0, siblings.indexOf(transition));
    if (earlier.some((sibling) => sibling.guard !== undefined)) guard = 'else';
  }
  return clean(guard ? `${event} [${guard}]` : event);
}

export function invokeLabels(node: AnyStateNode): string[] {
  return node.invoke.map(
    (definition) => `invoke ${typeof definition.src === 'string' ? definition.src : definition.id}`,
  );
}

// --------------------------------------------------------------------- graph

interface Edge {
  scope: AnyStateNode;
  from: string;
  to: string;
  label: string;
}

const ancestors = (node: AnyStateNode): AnyStateNode[] => {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent)
    chain.unshift(current);
  return chain;
};

const isAncestor = (ancestor: AnyStateNode, node: AnyStateNode) =>
  ancestor !== node && ancestors(node).includes(ancestor);

/** The child of `scope` that contains `node` (or is it). */
const childToward = (scope: AnyStateNode, node: AnyStateNode): AnyStateNode =>
  ancestors(node)[scope.path.length + 1] ?? node;

class Diagram {
  readonly ids = new Map<AnyStateNode, string>();
  readonly anyIds = new Map<AnyStateNode, string>();
  readonly edges: Edge[] = [];

  constructor(readonly machine: AnyStateMachine) {
    const used = new Set<string>();
    for (const node of listStateNodes(machine)) {
      let id = node.path.map((key) => key.replace(/[^A-Za-z0-9_]/g, '_')).join('__');
      if (RESERVED.has(id)) id = `${id}_`;
      while (used.has(id)) id = `${id}_`;
      used.add(id);
      this.ids.set(node, id);
    }
    for (const node of [machine.root, ...listStateNodes(machine)]) {
      for (const transition of ownTransitions(node)) this.addTransition(transition);
    }
  }

  id(node: AnyStateNode): string {
    return this.ids.get(node) ?? '[*]';
  }

  /** A pseudo-state "any state" inside `scope`, for transitions a box handles for all its states. */
  any(scope: AnyStateNode): string {
    let id = this.anyIds.get(scope);
    if (!id) {
      id = scope === this.machine.root ? 'any_state' : `${this.id(scope)}__any_state`;
      this.anyIds.set(scope, id);
    }
    return id;
  }

  private addTransition(transition: AnyTransitionDefinition) {
    const label = transitionLabel(this.machine, transition);
    const source = transition.source;
    const targets: Array<AnyStateNode | undefined> = transition.target?.length
      ? [...transition.target]
      : [undefined];
    for (const target of targets) {
      const compound = source.type === 'compound' || source.type === 'parallel';
      if (!target || isAncestor(source, target)) {
        if (!compound) {
          // A targetless transition of a simple state: it stays where it is.
          this.edges.push({ scope: source.parent!, from: this.id(source), to: this.id(source), label });
        } else {
          const to = target ? this.id(childToward(source, target)) : this.any(source);
          this.edges.push({ scope: source, from: this.any(source), to, label });
        }
        continue;
      }
      const sourceChain = ancestors(source);
      const targetChain = ancestors(target);
      let depth = 0;
      while (sourceChain[depth + 1] && sourceChain[depth + 1] === targetChain[depth + 1]) depth++;
      let scope = sourceChain[depth]!;
      if (scope === source || scope === target) scope = scope.parent ?? this.machine.root;
      // Mermaid cannot draw into or out of a box: the arrow joins the boxes, the label says the rest.
      const from = childToward(scope, source);
      const to = childToward(scope, target);
      const detail = [
        from === source ? '' : `from ${source.path.slice(from.path.length).join('.')}`,
        to === target ? '' : `to ${target.path.slice(to.path.length).join('.')}`,
      ].filter(Boolean);
      this.edges.push({
        scope,
        from: this.id(from),
        to: this.id(to),
        label: detail.length ? `${label} (${detail.join(', ')})` : label,
      });
    }
  }
}

// -------------------------------------------------------------------- render

const isBox = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

/**
 * Where a state's description goes. Mermaid draws notes outside every box, so
 * a note suits top-level states and boxes; a simple state inside a box shows its
 * description inside itself instead (a box cannot: Mermaid refuses text in one).
 */
const describedInside = (node: AnyStateNode) => !isBox(node) && node.parent?.parent !== undefined;

function renderState(diagram: Diagram, node: AnyStateNode, depth: number, out: string[]) {
  const pad = INDENT.repeat(depth);
  const id = diagram.id(node);
  const label =
    node.type === 'history' ? `${node.key} (${node.history === 'deep' ? 'deep ' : ''}history)` : node.key;
  out.push(`${pad}state "${clean(label)}" as ${id}`);
  if (!isBox(node)) {
    for (const line of invokeLabels(node)) out.push(`${pad}${id} : ${clean(line)}`);
    if (describedInside(node) && node.description) {
      for (const line of wrap(clean(node.description), INSIDE_WIDTH)) out.push(`${pad}${id} : ${line}`);
    }
  } else {
    out.push(`${pad}state ${id} {`);
    renderScope(diagram, node, depth + 1, out);
    out.push(`${pad}}`);
  }
}

function renderScope(diagram: Diagram, scope: AnyStateNode, depth: number, out: string[]) {
  const pad = INDENT.repeat(depth);
  const children = Object.values(scope.states) as AnyStateNode[];

  if (scope.type === 'parallel') {
    // Each region is its own section; its note must stay in it.
    children.forEach((child, index) => {
      if (index > 0) out.push(`${pad}--`);
      renderState(diagram, child, depth, out);
      renderNote(child, diagram, pad, out);
    });
  } else {
    for (const child of children) renderState(diagram, child, depth, out);
  }
  if (diagram.anyIds.has(scope)) out.push(`${pad}state "any state" as ${diagram.any(scope)}`);

  if (scope.type !== 'parallel' && scope.initial?.target?.[0]) {
    out.push(`${pad}[*] --> ${diagram.id(childToward(scope, scope.initial.target[0]))}`);
  }
  for (const edge of diagram.edges.filter((candidate) => candidate.scope === scope)) {
    out.push(`${pad}${edge.from} --> ${edge.to} : ${edge.label}`);
  }
  if (scope.type !== 'parallel') {
    for (const child of children.filter((candidate) => candidate.type === 'final')) {
      out.push(`${pad}${diagram.id(child)} --> [*]`);
    }
  }
  if (scope.type !== 'parallel') for (const child of children) renderNote(child, diagram, pad, out);
}

function renderNote(node: AnyStateNode, diagram: Diagram, pad: string, out: string[]) {
  if (describedInside(node)) return;
  // A box cannot hold text in Mermaid: its invokes go in its note.
  const text = [...(isBox(node) ? invokeLabels(node) : []), node.description ?? '']
    .filter(Boolean)
    .join('. ');
  if (!text) return;
  out.push(`${pad}note right of ${diagram.id(node)}`);
  // A note runs until `end note`: any text is fine but those words.
  for (const line of wrap(text.replace(/\bend note\b/gi, 'end-note'))) out.push(`${pad}${INDENT}${line}`);
  out.push(`${pad}end note`);
}

/** The `stateDiagram-v2` source for a machine (without the Markdown fence). */
export function renderStateDiagram(machine: AnyStateMachine): string {
  const diagram = new Diagram(machine);
  const out = ['stateDiagram-v2'];
  const { root } = machine;
  if (root.type === 'parallel') {
    // Mermaid only splits regions inside a box: wrap the whole machine in one.
    out.push(`${INDENT}state "${clean(root.key)}" as machine_root`);
    out.push(`${INDENT}state machine_root {`);
    renderScope(diagram, root, 2, out);
    out.push(`${INDENT}}`);
    out.push(`${INDENT}[*] --> machine_root`);
  } else {
    renderScope(diagram, root, 1, out);
  }
  return out.join('\n');
}

// ------------------------------------------------------------------ markdown

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

const stateName = (node: AnyStateNode) => node.path.join('.');

function stateRows(machine: AnyStateMachine): string[] {
  const initialIds = new Set<string>();
  for (let node: AnyStateNode | undefined = machine.root; node?.initial?.target?.[0]; ) {
    node = node.initial.target[0];
    initialIds.add(node.id);
  }
  return listStateNodes(machine).map((node) => {
    const marks = [
      initialIds.has(node.id) ? 'start' : '',
      node.type === 'final' ? 'end' : '',
      node.type === 'parallel' ? 'parallel' : '',
    ].filter(Boolean);
    const name = `\`${stateName(node)}\`${marks.length ? ` (${marks.join(', ')})` : ''}`;
    const work = invokeLabels(node).map((line) => line.replace(/^invoke /, ''));
    const description = [node.description ?? '', work.length ? `Runs: ${work.join(', ')}.` : '']
      .filter(Boolean)
      .join(' ');
    return `| ${cell(name)} | ${cell(description)} |`;
  });
}

function transitionRows(machine: AnyStateMachine): string[] {
  return [machine.root, ...listStateNodes(machine)].flatMap((node) =>
    ownTransitions(node).map((transition) => {
      const from = node === machine.root ? '(any state)' : `\`${stateName(node)}\``;
      const to = transition.target?.length
        ? transition.target.map((target: AnyStateNode) => `\`${stateName(target)}\``).join(', ')
        : '(stays)';
      return `| ${cell(from)} | ${cell(transitionLabel(machine, transition))} | ${cell(to)} |`;
    }),
  );
}

export function chartFileName(chart: Chart): string {
  return `${chart.name}.md`;
}

/** The whole `docs/charts/<name>.md` page. */
export function renderChartPage(chart: Chart): string {
  const { machine } = chart;
  return [
    `<!-- Generated by \`npm run charts\` from the \`${machine.id}\` machine. Do not edit: change the machine and re-run. -->`,
    '',
    `# ${chart.title}`,
    '',
    chart.description,
    '',
    '```mermaid',
    renderStateDiagram(machine),
    '```',
    '',
    '## States',
    '',
    '| State | What it means |',
    '| --- | --- |',
    ...stateRows(machine),
    '',
    '## Transitions',
    '',
    '| From | When | To |',
    '| --- | --- | --- |',
    ...transitionRows(machine),
    '',
    'How to read this page: [README](README.md).',
    '',
  ].join('\n');
}

/** `docs/charts/README.md`: the list of charts and how to read them. */
export function renderChartsIndex(charts: readonly Chart[]): string {
  return [
    '<!-- Generated by `npm run charts`. Do not edit: change machines/index.ts and re-run. -->',
    '',
    '# Flightplan statecharts',
    '',
    'Every screen flow of Flightplan is driven by a statechart (an XState machine in `machines/`).',
    'The pages below are drawn from the machines themselves, so they always show what the app does.',
    'A test fails when a page is out of date; `npm run charts` redraws them all.',
    '',
    '| Flow | What it covers |',
    '| --- | --- |',
    ...charts.map(
      (chart) => `| [${cell(chart.title)}](${chartFileName(chart)}) | ${cell(chart.description)} |`,
    ),
    '',
    '## How to read a chart',
    '',
    '- **Boxes are states**: what the person sees at one moment (a form being filled in, a spinner, an error).',
    '  The note beside a box says, in plain words, what that state means.',
    '- **Arrows are transitions**, labelled with what makes them happen:',
    '  - `form.submit`, `field.change`, ... — something the person does (events are named `thing.verb`);',
    '  - `[isFormValid]` — a condition that must hold for that arrow; `[else]` — the arrow taken when the',
    '    conditions of the arrows before it do not hold;',
    '  - `after 500 ms` — time passing while in the state;',
    '  - `signIn done` / `signIn error` — background work (a call to the server) finished or failed;',
    '  - `always [...]` — taken at once, as soon as the condition holds.',
    '- **`invoke signIn`** inside a box: the work that runs while the flow is in that state.',
    '- **The black dot** is where the flow starts; **the ringed dot** is where it ends.',
    '- **A box inside a box** groups states that share behaviour; a dashed line splits a box into parts',
    '  that are active at the same time. An arrow from **any state** applies to every state of its box.',
    '  Inside a box, a state shows its description in itself rather than in a note.',
    '- An arrow can only join boxes side by side: `(to details)` or `(from red)` in a label names the',
    '  state inside the box where the arrow really ends or starts.',
    '- An arrow that returns to its own box means "stays here", usually updating what is shown.',
    '',
    'Each page also lists the states and transitions as tables, for reading without the drawing.',
    '',
    'The same charts generate the path tests: `npm run test:paths` prints, per chart, how many states and',
    'transitions there are and how many the generated tests cover.',
    '',
  ].join('\n');
}

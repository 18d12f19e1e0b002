import type { ChartModel, StateModel, TransitionModel } from '@machines/chartsExplorer';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';

/**
 * The diagram's layout, from the machine's model, by ELK (elkjs, its layered algorithm): each state a node,
 * compound and parallel states compound nodes that contain their children (`elk.hierarchyHandling:
 * INCLUDE_CHILDREN`, so an edge between states of different parents is laid out with the rest), each
 * transition an edge with its label (the event and guard, at its estimated size) placed by ELK beside it, a
 * transition that stays in its state a self-loop, each compound state's initial child entered from a dot of
 * its own (a small node ELK places first). Edges are routed orthogonally around the states.
 *
 * ELK is loaded on the first layout (`import()`: a chunk of its own, after the explorer's) and runs in the
 * page: its bundled build needs no `eval`, so the strict CSP holds. A layout takes a few tens of milliseconds
 * to a second for the largest charts; the page says “Laying out the diagram…” meanwhile (ChartView).
 */

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** null for the “any state” node (`anyStateId`): the chart's own transitions leave from it. */
  state: StateModel | null;
}

export interface EdgeLayout {
  transition: TransitionModel;
  targetId: string;
  /** Path data of the edge (absolute coordinates). */
  d: string;
  /** The label's box, placed by ELK. */
  label: { x: number; y: number; width: number; height: number };
}

export interface DiagramLayout {
  width: number;
  height: number;
  /** Containers before what they contain. */
  boxes: Box[];
  edges: EdgeLayout[];
  /** A dot with an arrow into each compound state's initial child. */
  initials: { x: number; y: number; d: string }[];
}

/** Sizes estimated from the text (no DOM to measure in: the layout also runs in tests). */
const STATE_CHAR = 7.4;
const LABEL_CHAR = 6.4;
const LABEL_HEIGHT = 16;
const PAD = 16;
const HEADER = 30;
const DOT = 10;
const MARGIN = 12;
/** Room on a state's side for each transition's end. */
const END_SPACING = 9;

export const edgeText = (transition: TransitionModel) =>
  `${transition.label}${transition.guard ? ` [${transition.guard}]` : ''}`;

const title = (state: StateModel) => `${state.key}${state.type === 'parallel' ? ' (parallel)' : ''}`;

/**
 * A state's box: its name and invoked work; taller when many transitions arrive or leave, so that their
 * arrows meet its side apart (ELK spreads them over the side) rather than in one point.
 */
function leafSize(state: StateModel, ends: number) {
  if (state.type === 'history') return { width: 34, height: 34 };
  const text = Math.max(
    state.key.length * STATE_CHAR,
    ...state.invokes.map((name) => (name.length + 7) * 6.6),
  );
  return {
    width: Math.max(96, Math.ceil(text) + 2 * PAD),
    height: Math.max(38 + state.invokes.length * 16, ends * END_SPACING),
  };
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.edgeLabels.placement': 'CENTER',
  // The document's order: the initial state first, transitions back to earlier states drawn as going back.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
};

/** A compound state: its title (and invoked work) above its children. */
const containerOptions = (text: string, invokes: string[] = []) => ({
  'elk.padding': `[top=${HEADER + 8 + invokes.length * 16},left=${PAD},bottom=${PAD},right=${PAD}]`,
  'elk.nodeSize.constraints': 'MINIMUM_SIZE',
  'elk.nodeSize.minimum': `(${Math.ceil(Math.max(text.length * STATE_CHAR, ...invokes.map((name) => (name.length + 7) * 6.6))) + 2 * PAD}, ${HEADER + 20})`,
});

/** The node standing for the chart itself: the source of transitions taken in any of its states. */
export const anyStateId = (model: ChartModel) => `${model.rootId}#any`;

/** The ELK graph of a chart: pure data. */
export function elkGraph(model: ChartModel): ElkNode {
  const states = new Map(model.states.map((state) => [state.id, state]));
  // How many transitions arrive at each state, and how many leave it: the larger, the taller its box.
  const arriving = new Map<string, number>();
  const leaving = new Map<string, number>();
  for (const transition of model.transitions) {
    leaving.set(transition.source, (leaving.get(transition.source) ?? 0) + 1);
    for (const target of transition.targets) arriving.set(target, (arriving.get(target) ?? 0) + 1);
  }
  const node = (state: StateModel): ElkNode => {
    const children = state.children.map((id) => states.get(id)!).filter(Boolean);
    if (!children.length)
      return {
        id: state.id,
        ...leafSize(state, Math.max(arriving.get(state.id) ?? 0, leaving.get(state.id) ?? 0)),
      };
    return {
      id: state.id,
      layoutOptions: containerOptions(title(state), state.invokes),
      children: [...initialDot(state.id, children), ...children.map(node)],
    };
  };
  const top = model.states.filter((state) => state.parent === null);
  // Transitions of the chart itself (an event taken in any state) leave a node of their own, “any state”.
  const any = model.transitions.some((transition) => transition.source === model.rootId)
    ? [{ id: anyStateId(model), width: Math.ceil(9 * STATE_CHAR) + 2 * PAD, height: 38 }]
    : [];
  const edges: ElkExtendedEdge[] = [];
  for (const [index, transition] of model.transitions.entries()) {
    const source = transition.source === model.rootId ? anyStateId(model) : transition.source;
    const targets = transition.targets.length ? transition.targets : [transition.source];
    const text = edgeText(transition);
    for (const [target, targetId] of targets.entries()) {
      const to = targetId === model.rootId ? anyStateId(model) : targetId;
      if (
        !(states.has(source) || source === anyStateId(model)) ||
        !(states.has(to) || to === anyStateId(model))
      )
        continue;
      edges.push({
        id: `t${index}-${target}`,
        sources: [source],
        targets: [to],
        labels: [{ text, width: Math.ceil(text.length * LABEL_CHAR) + 6, height: LABEL_HEIGHT }],
      });
    }
  }
  for (const state of [null, ...model.states]) {
    const parent = state?.id ?? model.rootId;
    const initial = (state ? state.children : top.map((child) => child.id))
      .map((id) => states.get(id))
      .find((child) => child?.initial);
    if (initial) edges.push({ id: `${parent}#initial`, sources: [`${parent}#dot`], targets: [initial.id] });
  }
  return {
    id: 'diagram',
    layoutOptions: ROOT_OPTIONS,
    children: [...initialDot(model.rootId, top), ...any, ...top.map(node)],
    edges,
  };
}

function initialDot(parent: string, children: StateModel[]): ElkNode[] {
  return children.some((child) => child.initial)
    ? [
        {
          id: `${parent}#dot`,
          width: DOT,
          height: DOT,
          layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' },
        },
      ]
    : [];
}

const round = (value: number) => Math.round(value * 10) / 10;

function pathOf(edge: ElkExtendedEdge): string {
  return (edge.sections ?? [])
    .map((section) =>
      [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
        .map((point, index) => `${index ? 'L' : 'M'} ${round(point.x)} ${round(point.y)}`)
        .join(' '),
    )
    .join(' ');
}

/** The diagram's boxes and edges from ELK's answer (its coordinates absolute: `elk.json.*Coords: ROOT`). */
export function fromElk(model: ChartModel, laidOut: ElkNode): DiagramLayout {
  const states = new Map(model.states.map((state) => [state.id, state]));
  const boxes: Box[] = [];
  const dots = new Map<string, { x: number; y: number }>();
  const visit = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      const x = child.x ?? 0;
      const y = child.y ?? 0;
      if (child.id.endsWith('#dot')) {
        dots.set(child.id, { x: x + DOT / 2, y: y + DOT / 2 });
        continue;
      }
      boxes.push({
        id: child.id,
        x,
        y,
        width: child.width ?? 0,
        height: child.height ?? 0,
        state: states.get(child.id) ?? null,
      });
      visit(child);
    }
  };
  visit(laidOut);
  const edges: EdgeLayout[] = [];
  const initials: DiagramLayout['initials'] = [];
  for (const edge of laidOut.edges ?? []) {
    const d = pathOf(edge);
    if (edge.id.endsWith('#initial')) {
      const dot = dots.get(edge.sources[0]!);
      if (dot) initials.push({ ...dot, d });
      continue;
    }
    const index = Number(/^t(\d+)-/.exec(edge.id)?.[1]);
    const transition = model.transitions[index];
    const label = edge.labels?.[0];
    if (!transition || !label) continue;
    edges.push({
      transition,
      targetId: edge.targets[0]!,
      d,
      label: { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 },
    });
  }
  return {
    width: Math.ceil(laidOut.width ?? 0),
    height: Math.ceil(laidOut.height ?? 0),
    boxes,
    edges,
    initials,
  };
}

let elk: Promise<{ layout: (graph: ElkNode) => Promise<ElkNode> }> | null = null;
const layouts = new WeakMap<ChartModel, Promise<DiagramLayout>>();

/** The chart's diagram laid out by ELK (once per chart: the models are the registry's, read once). */
export function layoutDiagram(model: ChartModel): Promise<DiagramLayout> {
  let layout = layouts.get(model);
  if (!layout) {
    elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
    layout = elk
      .then((instance) => instance.layout(elkGraph(model)))
      .then((laidOut) => fromElk(model, laidOut));
    // A failed layout is tried again the next time the chart is opened.
    layout.catch(() => layouts.delete(model));
    layouts.set(model, layout);
  }
  return layout;
}

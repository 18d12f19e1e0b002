import type { ChartModel, StateModel, TransitionModel } from '@machines/chartsExplorer';

/**
 * The diagram's layout, from the machine's model: boxes for states (compound and parallel states contain
 * their children), and edges for transitions. The one file that knows how a diagram is laid out: its input
 * and output have the shape of an ELK graph (`{ id, width, height, children, edges }` → positions), so the
 * layout library the issue names (elkjs, `new ELK().layout(graph)` with `elk.hierarchyHandling:
 * INCLUDE_CHILDREN`) can replace `layeredLayout` here alone once it is installed (docs/charts-explorer.md).
 *
 * Until then, a small layered layout: inside each compound state, its children in columns by their distance
 * (in transitions) from the initial child; the regions of a parallel state one below the other.
 */

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  state: StateModel | null;
}

export interface EdgeLayout {
  transition: TransitionModel;
  /** Path data of the edge (absolute coordinates), and where its label goes. */
  d: string;
  labelX: number;
  labelY: number;
  /** The initial marker's arrow has no transition. */
  targetId: string | null;
}

export interface DiagramLayout {
  width: number;
  height: number;
  boxes: Box[];
  edges: EdgeLayout[];
  /** Dots with an arrow into each compound state's initial child. */
  initials: { x: number; y: number; d: string }[];
}

const CHAR = 7;
const PAD = 16;
const HEADER = 26;
const GAP_X = 170;
const GAP_Y = 48;

interface Node {
  state: StateModel | null;
  id: string;
  children: Node[];
  width: number;
  height: number;
  /** Child positions relative to this node. */
  x: number;
  y: number;
}

function leafSize(state: StateModel) {
  const text = Math.max(state.key.length, ...state.invokes.map((name) => name.length + 9));
  if (state.type === 'history') return { width: 34, height: 34 };
  return { width: Math.max(96, text * CHAR + 2 * PAD), height: 38 + state.invokes.length * 16 };
}

function lay(node: Node, model: ChartModel, byId: Map<string, StateModel>): void {
  if (!node.children.length) {
    if (node.state) Object.assign(node, leafSize(node.state));
    return;
  }
  for (const child of node.children) lay(child, model, byId);
  const parallel = node.state ? node.state.type === 'parallel' : model.rootType === 'parallel';
  const header = node.state ? HEADER : 0;
  if (parallel) {
    let y = header + PAD;
    let width = 0;
    for (const child of node.children) {
      child.x = PAD;
      child.y = y;
      y += child.height + GAP_Y / 2;
      width = Math.max(width, child.width);
    }
    for (const child of node.children) child.width = width;
    node.width = Math.max(width + 2 * PAD, (node.state?.key.length ?? 0) * CHAR + 2 * PAD);
    node.height = y - GAP_Y / 2 + PAD;
    return;
  }
  // Columns: the distance from the initial child through transitions between the children (lifted to them).
  const ids = node.children.map((child) => child.id);
  const owner = (id: string): string | undefined => {
    let current: string | null | undefined = id;
    while (current) {
      if (ids.includes(current)) return current;
      current = byId.get(current)?.parent ?? (current === model.rootId ? null : undefined);
      if (current === undefined) return undefined;
    }
    return undefined;
  };
  const next = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  for (const transition of model.transitions) {
    const from = owner(transition.source);
    if (!from) continue;
    for (const target of transition.targets) {
      const to = owner(target);
      if (to && to !== from) next.get(from)!.add(to);
    }
  }
  const initial = node.children.find((child) => child.state?.initial)?.id ?? ids[0]!;
  const column = new Map<string, number>([[initial, 0]]);
  const queue = [initial];
  while (queue.length) {
    const id = queue.shift()!;
    for (const to of next.get(id) ?? []) {
      if (!column.has(to)) {
        column.set(to, column.get(id)! + 1);
        queue.push(to);
      }
    }
  }
  let last = Math.max(0, ...column.values());
  for (const id of ids) if (!column.has(id)) column.set(id, ++last);
  const columns: Node[][] = [];
  for (const child of node.children) {
    const index = column.get(child.id)!;
    columns[index] = [...(columns[index] ?? []), child];
  }
  let x = PAD;
  let height = 0;
  for (const members of columns.filter(Boolean)) {
    let y = header + PAD;
    let width = 0;
    for (const child of members) {
      child.x = x;
      child.y = y;
      y += child.height + GAP_Y;
      width = Math.max(width, child.width);
    }
    x += width + GAP_X;
    height = Math.max(height, y - GAP_Y);
  }
  node.width = Math.max(x - GAP_X + PAD, (node.state?.key.length ?? 0) * CHAR + 2 * PAD);
  node.height = height + PAD;
}

/** The point where the line from a box's centre towards (tx, ty) leaves the box. */
function border(box: Box, tx: number, ty: number) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : box.width / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : box.height / 2 / Math.abs(dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

export function layeredLayout(model: ChartModel): DiagramLayout {
  const byId = new Map(model.states.map((state) => [state.id, state]));
  const build = (state: StateModel | null): Node => ({
    state,
    id: state?.id ?? model.rootId,
    children: model.states
      .filter((child) => child.parent === (state?.id ?? null))
      .map((child) => build(child)),
    width: 0,
    height: 0,
    x: PAD,
    y: PAD,
  });
  const root = build(null);
  lay(root, model, byId);
  const boxes: Box[] = [];
  const place = (node: Node, ox: number, oy: number) => {
    for (const child of node.children) {
      const x = ox + child.x;
      const y = oy + child.y;
      boxes.push({ id: child.id, x, y, width: child.width, height: child.height, state: child.state });
      place(child, x, y);
    }
  };
  place(root, 0, 0);
  const boxOf = new Map(boxes.map((box) => [box.id, box]));

  // Several transitions between the same two boxes fan out, so each has its own curve and label.
  const pairs = new Map<string, number>();
  const edges: EdgeLayout[] = [];
  for (const transition of model.transitions) {
    const source = boxOf.get(transition.source);
    const targets = transition.targets.length ? transition.targets : [transition.source];
    for (const targetId of targets) {
      const target = boxOf.get(targetId);
      if (!source || !target) continue;
      const pair = `${source.id}>${target.id}`;
      const index = pairs.get(pair) ?? 0;
      pairs.set(pair, index + 1);
      if (source === target || isInside(target, source) || isInside(source, target)) {
        // A self-loop (or a transition to a child or parent): an arc above the box's right end.
        const x = source.x + source.width - 12 - index * 14;
        const y = source.y;
        const lift = 22 + index * 12;
        edges.push({
          transition,
          d: `M ${x - 16} ${y} C ${x - 16} ${y - lift}, ${x + 16} ${y - lift}, ${x + 4} ${y}`,
          labelX: x,
          labelY: y - lift + 4,
          targetId,
        });
        continue;
      }
      const from = border(source, target.x + target.width / 2, target.y + target.height / 2);
      const to = border(target, source.x + source.width / 2, source.y + source.height / 2);
      const mx = (from.x + to.x) / 2;
      const my = (from.y + to.y) / 2;
      // Bend each parallel edge to its own side; the way back bends the other way.
      const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      const bend = (index % 2 ? -1 : 1) * (18 + 16 * Math.floor(index / 2)) + (source.id < target.id ? 0 : 0);
      const nx = (-(to.y - from.y) / length) * bend;
      const ny = ((to.x - from.x) / length) * bend;
      edges.push({
        transition,
        d: `M ${from.x} ${from.y} Q ${mx + nx * 2} ${my + ny * 2}, ${to.x} ${to.y}`,
        labelX: mx + nx,
        labelY: my + ny,
        targetId,
      });
    }
  }
  const initials: DiagramLayout['initials'] = [];
  for (const box of boxes) {
    if (!box.state?.initial) continue;
    const x = box.x - 14;
    const y = box.y + Math.min(box.height / 2, 19);
    initials.push({ x: x - 6, y, d: `M ${x - 2} ${y} L ${box.x} ${y}` });
  }
  return { width: root.width + PAD, height: root.height + PAD + 20, boxes, edges, initials };
}

const isInside = (inner: Box, outer: Box) =>
  inner !== outer &&
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

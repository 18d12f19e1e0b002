/**
 * `server/` is a stack (docs/architecture.md, "server/ as a stack"): at folder level the imports point one
 * way, so no folder imports a folder that imports it back. This test computes the folder-level import graph
 * of `server/` from the source text — every `import … from '…'`, `export … from '…'`, side-effect
 * `import '…'` and dynamic `import('…')` of every .ts file, relative specifiers resolved — maps each file to
 * its first-level folder under `server/`, and fails on any cycle between folders, naming each edge of the
 * cycle with one example file pair. Files directly in `server/` (`app.ts`, `main.ts`, `config.ts`…) are the
 * composition root: they may import anything, and their imports are not edges of the graph.
 *
 * It prints the strongly-connected components (folders that reach each other) so the debt can be measured.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
/** The layer of the files directly in server/: the composition root, free to import anything. */
const APP = '(app)';

/**
 * Back-edges that still close a cycle: debt, to be removed. The test fails on any cycle edge not listed here,
 * and on a listed edge that no longer closes a cycle, so this list only shrinks.
 */
const KNOWN_EDGES_TO_REMOVE: readonly string[] = [];

const SPECIFIER =
  /(?:^|[^.\w$])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|(?:^|[^.\w$])import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Strips comments so an import written in a doc comment is not an edge (strings are left alone). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
  if (base.endsWith('.js')) candidates.unshift(`${base.slice(0, -3)}.ts`);
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The first-level folder under server/ of a file, or APP for a file directly in server/. */
function layerOf(file: string): string {
  const parts = path.relative(SERVER, file).split(path.sep);
  return parts.length === 1 ? APP : (parts[0] as string);
}

interface FolderGraph {
  /** from folder → to folder → one example `fromFile -> toFile` (paths relative to the repository). */
  edges: Map<string, Map<string, string>>;
  folders: string[];
}

function folderGraph(): FolderGraph {
  const edges = new Map<string, Map<string, string>>();
  const folders = new Set<string>();
  for (const file of filesUnder(SERVER).sort()) {
    const from = layerOf(file);
    folders.add(from);
    if (from === APP) continue;
    const source = withoutComments(readFileSync(file, 'utf8'));
    for (const match of source.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier) continue;
      const target = resolveSpecifier(file, specifier);
      if (!target?.startsWith(`${SERVER}${path.sep}`)) continue;
      const to = layerOf(target);
      if (to === from) continue;
      const outgoing = edges.get(from) ?? new Map<string, string>();
      if (!outgoing.has(to)) {
        outgoing.set(to, `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
      }
      edges.set(from, outgoing);
    }
  }
  return { edges, folders: [...folders].sort() };
}

/** Tarjan's strongly-connected components, each sorted, largest first. */
function stronglyConnected({ edges, folders }: FolderGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const folder of folders) if (!indexOf.has(folder)) visit(folder);
  return components.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** Every edge between two folders of one component: the edges that close a cycle, `from -> to`. */
function cycleEdges(graph: FolderGraph, components: string[][]): Map<string, string> {
  const componentOf = new Map<string, number>();
  components.forEach((component, i) => {
    for (const folder of component) componentOf.set(folder, i);
  });
  const out = new Map<string, string>();
  for (const [from, outgoing] of graph.edges) {
    for (const [to, example] of outgoing) {
      if (componentOf.get(from) === componentOf.get(to)) out.set(`${from} -> ${to}`, example);
    }
  }
  return out;
}

/** One shortest cycle through `start` inside its component (breadth-first), as a list of folders. */
function cycleThrough(graph: FolderGraph, start: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.edges.get(node)?.keys() ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path_ = [node];
        while (path_[0] !== start) path_.unshift(previous.get(path_[0] as string) as string);
        return [...path_, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/** With no cycle: each folder's level in the stack (0 imports no other folder; n imports one at n-1). */
function levels(graph: FolderGraph): Map<number, string[]> {
  const level = new Map<string, number>();
  const levelOf = (folder: string): number => {
    const known = level.get(folder);
    if (known !== undefined) return known;
    level.set(folder, 0); // a cycle cannot recurse forever (the test above reports it)
    const below = [...(graph.edges.get(folder)?.keys() ?? [])].map(levelOf);
    const value = below.length === 0 ? 0 : Math.max(...below) + 1;
    level.set(folder, value);
    return value;
  };
  const out = new Map<number, string[]>();
  for (const folder of graph.folders) {
    if (folder === APP) continue;
    const n = levelOf(folder);
    out.set(n, [...(out.get(n) ?? []), folder]);
  }
  return out;
}

function describeCycles(graph: FolderGraph, components: string[][]): string {
  const lines: string[] = [];
  for (const component of components.filter((c) => c.length > 1)) {
    const members = new Set(component);
    lines.push(`cycle among ${component.join(', ')}:`);
    const seen = new Set<string>();
    for (const start of component) {
      const cycle = cycleThrough(graph, start, members);
      const key = [...cycle.slice(0, -1)].sort().join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`  ${cycle.join(' -> ')}`);
      for (let i = 0; i + 1 < cycle.length; i += 1) {
        const from = cycle[i] as string;
        const to = cycle[i + 1] as string;
        lines.push(`    ${from} -> ${to}: ${graph.edges.get(from)?.get(to)}`);
      }
    }
  }
  return lines.join('\n');
}

describe('server/ as a stack', () => {
  const graph = folderGraph();
  const components = stronglyConnected(graph);

  it('prints the strongly-connected components of the folder graph', () => {
    const tangled = components.filter((c) => c.length > 1);
    console.log(
      tangled.length === 0
        ? `server/: ${graph.folders.length} folders, no folder-level cycle; the stack, bottom first:\n${[
            ...levels(graph),
          ]
            .sort(([a], [b]) => a - b)
            .map(([n, folders]) => `  ${n}: ${folders.join(', ')}`)
            .join('\n')}`
        : `server/ folders in cycles:\n${tangled.map((c) => `  {${c.join(', ')}}`).join('\n')}\n${describeCycles(graph, components)}`,
    );
    expect(graph.folders.length).toBeGreaterThan(10);
  });

  it('has no folder-level import cycle beyond the listed debt', () => {
    const edges = cycleEdges(graph, components);
    const unexpected = [...edges.keys()].filter((edge) => !KNOWN_EDGES_TO_REMOVE.includes(edge));
    expect(
      unexpected.map((edge) => `${edge}: ${edges.get(edge)}`),
      describeCycles(graph, components),
    ).toEqual([]);
  });

  it('lists as debt only edges that still close a cycle (the list only shrinks)', () => {
    const edges = cycleEdges(graph, components);
    expect(KNOWN_EDGES_TO_REMOVE.filter((edge) => !edges.has(edge))).toEqual([]);
  });

  it('reads the imports it must (a known edge of the stack is found)', () => {
    expect(graph.edges.get('campaigns')?.has('db')).toBe(true);
    expect(graph.edges.get('auth')?.has('http')).toBe(true);
  });
});

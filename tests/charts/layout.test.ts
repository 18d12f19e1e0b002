import { getChart } from '@machines';
import { chartModel } from '@machines/chartsExplorer';
import { anyStateId, type Box, layoutDiagram } from '@src/features/charts/layout';
import { describe, expect, it } from 'vitest';

/**
 * The explorer's diagrams laid out by ELK (src/features/charts/layout.ts, docs/charts-explorer.md): every state
 * drawn inside its parent, no two states overlapping, every transition an edge with its label placed clear of
 * the states, each compound state's initial child entered from a dot.
 */
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(['codeEntry', 'session', 'planningWizard'])('the %s diagram', (name) => {
  const model = chartModel(getChart(name).machine);

  it('draws every state inside its parent, none over another, and every transition with its label', async () => {
    const layout = await layoutDiagram(model);
    const boxes = new Map(layout.boxes.map((box) => [box.id, box]));
    for (const state of model.states) {
      const box = boxes.get(state.id);
      expect(box, state.path).toBeDefined();
      if (state.parent)
        expect(inside(box!, boxes.get(state.parent)!), `${state.path} in its parent`).toBe(true);
    }
    const leaves = layout.boxes.filter((box) => box.state && box.state.children.length === 0);
    for (const [index, a] of leaves.entries())
      for (const b of leaves.slice(index + 1)) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
    // One edge per transition and target (a transition that stays: a self-loop).
    const expected = model.transitions.reduce(
      (sum, transition) => sum + Math.max(1, transition.targets.length),
      0,
    );
    expect(layout.edges).toHaveLength(expected);
    for (const edge of layout.edges) {
      expect(edge.d).toMatch(/^M [\d.]+ [\d.]+( L [\d.]+ [\d.]+)+/);
      for (const leaf of leaves)
        expect(overlap(edge.label, leaf), `${edge.transition.label} on ${leaf.id}`).toBe(false);
    }
    const compound = model.states.filter((state) => state.type === 'compound').length;
    expect(layout.initials).toHaveLength(compound + 1);
    expect(layout.width).toBeGreaterThan(0);
  });
});

it('draws the session’s own transitions (taken in any state) from an “any state” node', async () => {
  const model = chartModel(getChart('session').machine);
  const layout = await layoutDiagram(model);
  expect(layout.boxes.find((box) => box.id === anyStateId(model))?.state).toBeNull();
  const own = layout.edges.filter((edge) => edge.transition.source === model.rootId);
  expect(own.length).toBeGreaterThan(0);
  expect(own.map((edge) => edge.transition.label)).toContain('route.change');
});

import { getChart } from '@machines';
import { defineChart } from '@machines/chart';
import { analyzeChart, listTransitions, runPath } from '@tooling/charts/coverage';
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { kitchenSinkChart, kitchenSinkMachine } from './fixtures/kitchenSink';
import { describePathTests } from './pathTests';

// The helper on a machine with every construct: nested, parallel, invoke, after, always, root-level.
describePathTests(kitchenSinkChart);

describe('transition enumeration', () => {
  it('lists on, after, invoke done/error, state onDone and always transitions of every node', () => {
    expect(listTransitions(kitchenSinkMachine).map((transition) => transition.key)).toEqual([
      'kitchen|session.expire|0',
      'kitchen.wizard|wizard.cancel|0',
      'kitchen.wizard|wizard.pause|0',
      'kitchen.wizard|xstate.done.state.kitchen.wizard|0',
      'kitchen.wizard.details|name.set|0',
      'kitchen.wizard.details|step.next|0',
      'kitchen.wizard.extras|step.next|0',
      'kitchen.wizard.extras|step.back|0',
      'kitchen.wizard.extras.color.red|color.toggle|0',
      'kitchen.wizard.extras.color.blue|color.toggle|0',
      'kitchen.wizard.extras.size.small|size.toggle|0',
      'kitchen.wizard.extras.size.large|xstate.after.1000.kitchen.wizard.extras.size.large|0',
      'kitchen.paused|wizard.resume|0',
      'kitchen.saving|xstate.done.actor.save|0',
      'kitchen.saving|xstate.error.actor.save|0',
      'kitchen.retrying|xstate.after.errorReset.kitchen.retrying|0',
      'kitchen.retrying|always|0',
    ]);
  });
});

describe('coverage analysis', () => {
  it('covers every transition and reaches every state, transient ones included', () => {
    const analysis = analyzeChart(kitchenSinkChart);
    expect(analysis.failures).toEqual([]);
    expect(analysis.uncovered).toEqual([]);
    expect(analysis.statesReached.sort()).toEqual([...analysis.states].sort());
  });

  it('reports the transitions a missing sample event leaves uncovered', () => {
    const chart = defineChart({
      ...kitchenSinkChart,
      machine: kitchenSinkMachine,
      events: kitchenSinkChart.events.filter(
        (event) => !event.type.startsWith('xstate.after.') && event.type !== 'name.set',
      ) as never,
    });
    const uncovered = analyzeChart(chart).uncovered.map((transition) => transition.label);
    expect(uncovered).toContain('wizard.details --name.set--> (stays)');
    expect(uncovered).toContain('wizard.details --step.next [hasName]--> wizard.extras');
    expect(uncovered).toContain('retrying --xstate.after.errorReset.kitchen.retrying--> saving');
  });

  it('fails a path when the machine does not behave like its chart', () => {
    const [path] = analyzeChart(kitchenSinkChart).paths.filter((candidate) =>
      candidate.steps.some((step) => step.event.type === 'step.next'),
    );
    const broken = defineChart({
      ...kitchenSinkChart,
      machine: kitchenSinkMachine.provide({ guards: { hasName: () => false } }),
    });
    expect(() => runPath(broken, path!)).toThrow(/expected/);
  });

  it('injects timers and actor completions with actor.send', () => {
    const path = analyzeChart(kitchenSinkChart).paths.find((candidate) =>
      candidate.steps.some((step) => step.event.type === 'xstate.after.errorReset.kitchen.retrying'),
    );
    expect(path).toBeDefined();
    const run = runPath(kitchenSinkChart, path!);
    expect(run.covered).toContain('kitchen.retrying|xstate.after.errorReset.kitchen.retrying|0');
  });

  it('records what the machine emits, step by step', () => {
    const chart = getChart('signIn');
    const path = analyzeChart(chart).paths.find((candidate) => candidate.state.value === 'succeeded');
    const run = runPath(chart, path!);
    expect(run.emitted).toEqual([{ index: path!.steps.length - 1, event: { type: 'navigate', to: '/' } }]);
  });
});

describe('unbounded context', () => {
  const counter = setup({
    types: { context: {} as { count: number }, events: {} as { type: 'count.add' } },
  }).createMachine({
    id: 'counter',
    context: { count: 0 },
    initial: 'counting',
    states: {
      counting: {
        description: 'Counts.',
        on: { 'count.add': { actions: assign({ count: ({ context }) => context.count + 1 }) } },
      },
    },
  });
  const base = { title: 'Counter', description: 'Counts.', events: [{ type: 'count.add' as const }] };

  it('stops with advice instead of exploring forever', () => {
    const chart = defineChart({ ...base, name: 'counterUnbounded', machine: counter });
    expect(() => analyzeChart(chart)).toThrow(/abstractContext/);
  });

  it('is bounded by abstractContext, and paths compare through it', () => {
    const chart = defineChart({
      ...base,
      name: 'counterCapped',
      machine: counter,
      abstractContext: (context) => Math.min(context.count, 2),
    });
    const analysis = analyzeChart(chart);
    expect(analysis.failures).toEqual([]);
    expect(analysis.uncovered).toEqual([]);
    // The graph has three vertices (count 0, 1, 2+), but one transition: one step covers it.
    expect(analysis.graph.vertices).toBe(3);
    expect(analysis.paths.map((path) => path.steps.length)).toEqual([2]);
  });
});

describe('small cover', () => {
  it('takes every transition with one path per transition at most, each a shortest path', () => {
    const analysis = analyzeChart(kitchenSinkChart);
    expect(analysis.uncovered).toEqual([]);
    expect(analysis.paths.length).toBeLessThanOrEqual(analysis.transitions.length);
    expect(analysis.paths.length).toBeLessThan(analysis.graph.vertices);
  });
});

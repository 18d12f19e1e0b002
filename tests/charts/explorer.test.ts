import { charts, getChart } from '@machines';
import { areaOf, chartModel } from '@machines/chartsExplorer';
import { describe, expect, it } from 'vitest';

/** The charts explorer reads the registry (issue 30, docs/charts-explorer.md). */
describe('the charts explorer’s registry', () => {
  it('puts every registered chart in an area', () => {
    expect(charts.filter((chart) => !areaOf(chart.name)).map((chart) => chart.name)).toEqual([]);
  });

  it('reads a machine’s states and transitions: nesting, parallel regions, finals, delays and invoked work', () => {
    const model = chartModel(getChart('codeEntry').machine);
    const state = (path: string) => model.states.find((s) => s.path === path);
    expect(state('active')).toMatchObject({ type: 'parallel', initial: true, parent: null });
    expect(state('active.code.error')).toMatchObject({
      type: 'atomic',
      depth: 2,
      parent: 'codeEntry.active.code',
    });
    expect(state('active.code.loading')?.invokes).toEqual(['verifyCode']);
    expect(state('verified')?.type).toBe('final');
    expect(model.transitions.find((t) => t.source === 'codeEntry.active.code.error')).toMatchObject({
      label: 'after errorReset (500 ms)',
      delay: { name: 'errorReset', ms: 500 },
      targets: ['codeEntry.active.code.idle'],
      actions: ['clearCode', 'focusField'],
    });
    expect(
      model.transitions.filter((t) => t.invoke?.id === 'verifyCode').map((t) => [t.invoke?.outcome, t.guard]),
    ).toEqual([
      ['done', 'isAccepted'],
      ['done', 'isIgnoredError'],
      ['done', null],
      ['error', null],
    ]);
  });

  it('reads history states', () => {
    const withHistory = charts
      .map((chart) => chartModel(chart.machine))
      .flatMap((model) => model.states)
      .filter((s) => s.type === 'history');
    for (const state of withHistory) expect(['shallow', 'deep']).toContain(state.history);
  });
});

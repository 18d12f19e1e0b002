import { charts } from '@machines';
import { listStateNodes } from '@tooling/charts/coverage';
import { chartFileName, renderChartPage, renderChartsIndex } from '@tooling/charts/mermaid';
import { describe, expect, it } from 'vitest';

// A failure here means a machine changed without its diagram: run `npm run charts`.
describe('docs/charts is up to date', () => {
  it.each(charts.map((chart) => [chart.name, chart] as const))('%s', async (_name, chart) => {
    await expect(renderChartPage(chart)).toMatchFileSnapshot(`../../docs/charts/${chartFileName(chart)}`);
  });

  it('README.md', async () => {
    await expect(renderChartsIndex(charts)).toMatchFileSnapshot('../../docs/charts/README.md');
  });

  it('every chart has a unique name and a description on every state', () => {
    expect(new Set(charts.map((chart) => chart.name)).size).toBe(charts.length);
    for (const chart of charts) {
      expect(chart.description, chart.name).not.toBe('');
      const missing = listStateNodes(chart.machine)
        .filter((node) => node.type !== 'history' && !node.description)
        .map((node) => node.id);
      expect(missing, `${chart.name}: states without a description`).toEqual([]);
    }
  });
});

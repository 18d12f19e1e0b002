import { charts } from '@machines';
import type { Chart } from '@machines/chart';
import { areaOf, type ChartModel, type ChartSummary, chartModel } from '@machines/chartsExplorer';

/**
 * The registry as the charts explorer reads it (machines/index.ts): each chart's summary and its model, read
 * from the machine itself once. Only this lazily loaded feature imports every machine.
 */
const models = new Map<string, ChartModel>();

export function modelOf(chart: Chart): ChartModel {
  let model = models.get(chart.name);
  if (!model) {
    model = chartModel(chart.machine);
    models.set(chart.name, model);
  }
  return model;
}

export const findChart = (name: string): Chart | undefined => charts.find((chart) => chart.name === name);

export function chartSummaries(): ChartSummary[] {
  return charts.map((chart) => {
    const model = modelOf(chart);
    return {
      name: chart.name,
      title: chart.title,
      description: chart.description || model.rootDescription,
      // A chart registered without an area yet still shows (tests/charts/explorer.test.ts asks for one).
      area: areaOf(chart.name) ?? 'Shell and session',
      machineId: chart.machine.id,
      states: model.states.filter((state) => state.type !== 'history').length,
      transitions: model.transitions.length,
    };
  });
}

/** The chart of a machine id (live reports name machines), as links name it. */
export function chartNamed(machineId: string): { name: string; title: string } | undefined {
  const chart = charts.find((candidate) => candidate.machine.id === machineId);
  return chart ? { name: chart.name, title: chart.title } : undefined;
}

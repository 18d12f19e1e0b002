import type { Chart } from '@machines/chart';
import { type ChartPageView, chartPageMachine, connectChartPage } from '@machines/chartsExplorer';
import { loadChartCoverage } from '@src/api/charts';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { modelOf } from './registry';

const machine = chartPageMachine.provide({
  actors: { loadDetail: fromPromise(({ input }) => loadChartCoverage(input.chart)) },
});

/** /charts/:id: the chartPage chart bound to the coverage API and the chart's model. */
export function useChartPage(chart: Chart): ChartPageView {
  const model = modelOf(chart);
  const actorRef = useActorRef(machine, { input: { chart: chart.name } });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(
    () => connectChartPage(snapshot, (event) => actorRef.send(event), model),
    [snapshot, actorRef, model],
  );
}

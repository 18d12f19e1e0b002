import type { Chart } from '@machines/chart';
import {
  type ChartSimulationView,
  chartSimulationMachine,
  connectChartSimulation,
} from '@machines/chartsExplorer';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `?simulate=3.0.7` → the taken events' indices; absent → not simulating. */
function takenFrom(param: string | null): number[] | null {
  if (param === null) return null;
  return param
    .split('.')
    .filter(Boolean)
    .map(Number)
    .filter((index) => Number.isInteger(index) && index >= 0);
}

/** The chartSimulation chart for one chart; the simulated path is the URL's `simulate` parameter (a link to share). */
export function useChartSimulation(chart: Chart): ChartSimulationView {
  const [params, setParams] = useSearchParams();
  const taken = takenFrom(params.get('simulate'));
  const actorRef = useActorRef(chartSimulationMachine, {
    input: { taken: taken ?? [], shared: taken !== null },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  const view = useMemo(
    () => connectChartSimulation(snapshot, (event) => actorRef.send(event), chart),
    [snapshot, actorRef, chart],
  );
  const param = view.param;
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (param === null) next.delete('simulate');
        else next.set('simulate', param);
        return next;
      },
      { replace: true },
    );
  }, [param, setParams]);
  return view;
}

import { type ChartsIndexView, chartsIndexMachine, connectChartsIndex } from '@machines/chartsExplorer';
import { loadChartsCoverage } from '@src/api/charts';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { chartSummaries } from './registry';

const machine = chartsIndexMachine.provide({
  actors: { loadCoverage: fromPromise(() => loadChartsCoverage()) },
});

/** /charts: the chartsIndex chart bound to the registry and the coverage API; the search in the URL (`?q=`). */
export function useChartsIndex(): ChartsIndexView {
  const [params, setParams] = useSearchParams();
  const actorRef = useActorRef(machine, {
    input: { charts: chartSummaries(), query: params.get('q') ?? '' },
  });
  const snapshot = useSelector(actorRef, (current) => current);
  return useMemo(() => {
    const view = connectChartsIndex(snapshot, (event) => actorRef.send(event));
    return {
      ...view,
      search: (value: string) => {
        view.search(value);
        setParams(value ? { q: value } : {}, { replace: true });
      },
    };
  }, [snapshot, actorRef, setParams]);
}

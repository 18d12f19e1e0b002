import { todayUtc } from '@contract/planning/calendar';
import {
  connectReport,
  type LoadReportInput,
  type ReportResult,
  type ReportView,
  reportMachine,
} from '@machines/report';
import { loadEveryRow, loadReport } from '@src/api/reports';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { fromPromise } from 'xstate';

/** The queries of one report (the table's page, the time-series, the previous period's); an abort cancels all. */
export function fetchReport(
  { query, series, previousSeries }: LoadReportInput,
  signal?: AbortSignal,
): Promise<ReportResult> {
  return Promise.all([
    loadReport(query, signal),
    loadEveryRow(series, signal),
    previousSeries ? loadEveryRow(previousSeries, signal) : null,
  ]).then(([report, chart, before]) => ({ report, series: chart, previousSeries: before }));
}

/** The reports page: the report chart bound to the URL and to `GET /api/reports`. */
export function useReport(): { view: ReportView; today: string } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      reportMachine.provide({
        actors: {
          loadReport: fromPromise<ReportResult, LoadReportInput>(({ input, signal }) =>
            fetchReport(input, signal),
          ),
        },
      }),
    [],
  );
  const [today] = useMemo(() => [todayUtc()], []);
  const actorRef = useActorRef(machine, { input: { search: location.search.slice(1), today } });
  const view = useSelector(actorRef, (snapshot) => connectReport(snapshot, actorRef.send), sameView);

  // Our own URL changes still on their way: their echo must not take the report back to an older URL when
  // the person changed two controls before the router caught up.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const subscription = actorRef.on('navigate', ({ to }) => {
      const search = to.slice(to.indexOf('?'));
      pending.current.push(search === '?' ? '' : search);
      navigate(to);
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  // Back, Forward or a link: reacting to navigation, not to a gesture, so sent from an effect. Back and
  // Forward (POP) always count, whatever of ours is still on its way.
  useEffect(() => {
    const own = navigationType === 'POP' ? -1 : pending.current.indexOf(location.search);
    if (own !== -1) {
      pending.current.splice(0, own + 1);
      return;
    }
    pending.current = [];
    actorRef.send({ type: 'url.change', search: location.search.slice(1) });
  }, [actorRef, location.search, navigationType]);

  return { view, today };
}

const sameView = (a: ReportView, b: ReportView) =>
  a.phase === b.phase &&
  a.report === b.report &&
  a.series === b.series &&
  a.chart === b.chart &&
  a.queryErrors === b.queryErrors &&
  a.csvHref === b.csvHref &&
  a.errorMessage === b.errorMessage &&
  a.preset === b.preset &&
  a.chartMetric === b.chartMetric &&
  a.range.from === b.range.from &&
  a.range.to === b.range.to &&
  JSON.stringify(a.query) === JSON.stringify(b.query);

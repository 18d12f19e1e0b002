import type { SnapshotFrom } from 'xstate';
import { CHART_AREAS, type ChartArea } from './areas';
import type { ChartSummary, ChartsIndexEvent, ChartsIndexMachine } from './chartsIndex.machine';

export type ChartsIndexSnapshot = SnapshotFrom<ChartsIndexMachine>;

/** Transitions taken at one level: `null` when that level did not run for the chart. */
export interface LevelCount {
  taken: number;
  of: number;
}

export interface ChartRow extends ChartSummary {
  coverage: { machine: LevelCount | null; view: LevelCount | null; browser: LevelCount | null } | null;
  /** What changed since the run before: `2 newly taken (view), 1 no longer taken (browser)`; null when nothing did. */
  change: string | null;
}

const LEVELS = ['machine', 'view', 'browser'] as const;

/** Transitions newly taken and no longer taken, per level that ran both times. */
function changeOf(
  now: Record<(typeof LEVELS)[number], string[] | null>,
  before: Record<(typeof LEVELS)[number], string[] | null> | null,
): string | null {
  if (!before) return null;
  const parts: string[] = [];
  for (const level of LEVELS) {
    const current = now[level];
    const previous = before[level];
    if (!current || !previous) continue;
    const gained = current.filter((key) => !previous.includes(key)).length;
    const lost = previous.filter((key) => !current.includes(key)).length;
    if (gained) parts.push(`${gained} newly taken (${level})`);
    if (lost) parts.push(`${lost} no longer taken (${level})`);
  }
  return parts.length ? parts.join(', ') : null;
}

export interface ChartsIndexView {
  phase: 'loading' | 'ready' | 'failed' | 'signedOut';
  query: string;
  /** Areas in their order, only those with a chart matching the search. */
  groups: { area: ChartArea; charts: ChartRow[] }[];
  /** How many charts match, and how many there are. */
  shown: number;
  total: number;
  /** “Coverage from the test run of 28 Nov 2026, 13:00 (npm test)”, or why there is none. */
  coverageNote: string | null;
  error: string | null;
  search: (value: string) => void;
  retry: () => void;
}

const matches = (chart: ChartSummary, words: string[]) => {
  const text = `${chart.name} ${chart.title} ${chart.description} ${chart.area}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });

export function connectChartsIndex(
  snapshot: ChartsIndexSnapshot,
  send: (event: ChartsIndexEvent) => void,
): ChartsIndexView {
  const { context } = snapshot;
  const phase = snapshot.matches('signedOut')
    ? 'signedOut'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('ready')
        ? 'ready'
        : 'loading';
  const words = context.query.toLowerCase().split(/\s+/).filter(Boolean);
  const coverage = context.coverage;
  const count = (keys: string[] | null | undefined, of: number) => (keys ? { taken: keys.length, of } : null);
  const rows: ChartRow[] = context.charts
    .filter((chart) => matches(chart, words))
    .map((chart) => {
      const entry = coverage?.charts[chart.name];
      return {
        ...chart,
        coverage: entry
          ? {
              machine: count(entry.machine, chart.transitions),
              view: count(entry.view, chart.transitions),
              browser: count(entry.browser, chart.transitions),
            }
          : null,
        change: entry ? changeOf(entry, entry.previous) : null,
      };
    });
  return {
    phase,
    query: context.query,
    groups: CHART_AREAS.map((area) => ({ area, charts: rows.filter((row) => row.area === area) })).filter(
      (group) => group.charts.length > 0,
    ),
    shown: rows.length,
    total: context.charts.length,
    coverageNote:
      phase !== 'ready' || !coverage
        ? null
        : coverage.ranAt
          ? `Coverage from the test run of ${when(coverage.ranAt)} UTC (${coverage.by ?? 'tests'})`
          : 'No test run yet: run npm test or npm run test:paths to see the coverage.',
    error: phase === 'failed' ? context.error : null,
    search: (value) => send({ type: 'search.change', value }),
    retry: () => send({ type: 'retry' }),
  };
}

/**
 * The charts explorer's coverage file (docs/charts-explorer.md): per chart, the transitions the last test
 * run took at the machine, view and browser levels, the generated paths step by step with what the oracle
 * checked at each step, and the previous run's transitions (the explorer's "change since the last run").
 *
 * Written by `npm run test:paths` and by `npm test` (its `charts` stage, scripts/chart-coverage.ts) to
 * `test-runs/chart-coverage.json` — not under `test-results/` (Playwright empties that folder when a run
 * starts) and not committed (it changes with every run). No baseline is committed: on a fresh clone the
 * explorer draws, describes and simulates every chart, and says "no test run yet" where coverage goes.
 * The server reads the file (`GET /api/charts/coverage`, server/charts/routes.ts).
 *
 * - machine level: the generated paths replayed against the machine (with its oracle when it has one);
 * - view level: what each view path suite's "takes every transition" test recorded when it passed
 *   (`test-runs/view-transitions/<chart>[~<variant>].json`, written by tests/paths/viewPathTests.tsx);
 * - browser level: `test-results/browser-transitions.json` from the last Playwright run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHART_COVERAGE_PATH } from '@contract/charts';
import type { Chart } from '@machines/chart';
import type { AnyMachineSnapshot } from 'xstate';
import { BROWSER_TRANSITIONS_FILE, readTakenTransitions } from './browserTransitions';
import { analyzeChart, eventLabel, runPath, stringify, valueLabel } from './coverage';
import { type ChartOracle, runOraclePath } from './oracle';

export const TEST_RUNS_DIR = 'test-runs';
export const CHART_COVERAGE_FILE = CHART_COVERAGE_PATH;
export const VIEW_TRANSITIONS_DIR = `${TEST_RUNS_DIR}/view-transitions`;

/** One step of a generated path, as the explorer shows it. */
export interface CoverageStep {
  /** The event, with a short payload: `code.change {"value":"12"}`; `xstate.init` for the first step. */
  event: string;
  /** The state value after the step, as in the oracles: `active.code.error + delivery.ready`. */
  state: string;
  /** Transition keys (`transitionKey`) the step took. */
  transitions: string[];
  /** Ids of the state nodes active after the step (the root excepted). */
  active: string[];
  /** What the oracle checked at this step, in words (empty without an oracle). */
  expects: string[];
}

export interface CoveragePath {
  title: string;
  steps: CoverageStep[];
  /** `passed` / `failed` against the oracle, `replayed` when the chart has no oracle. */
  result: 'passed' | 'failed' | 'replayed';
  failure?: string;
}

/** The transitions taken at each level (keys); `null`: that level did not run (or the chart has no such tests). */
export interface LevelKeys {
  machine: string[];
  view: string[] | null;
  browser: string[] | null;
}

export interface ChartCoverage extends LevelKeys {
  /** Transitions documented as unreachable from the view. */
  viewUnreachable: string[];
  paths: CoveragePath[];
}

export interface CoverageFile {
  version: 1;
  ranAt: string;
  /** `npm test` or `npm run test:paths`. */
  by: string;
  charts: Record<string, ChartCoverage>;
  /** The run before this one, its transitions only. */
  previous: { ranAt: string; charts: Record<string, LevelKeys> } | null;
}

/** What a view path suite that passed its coverage test writes (tests/paths/viewPathTests.tsx). */
export interface ViewTransitionsRecord {
  chart: string;
  variant: string | null;
  covered: string[];
  unreachable: string[];
  /** When the suite passed (ISO): records older than the last coverage file are a past run's, not counted. */
  at?: string;
}

const fileNameOf = (chart: string, variant: string | null) =>
  `${chart}${variant ? `~${variant.replace(/[^\w-]+/g, '_')}` : ''}.json`;

export function writeViewTransitions(root: string, record: ViewTransitionsRecord): void {
  const dir = path.join(root, VIEW_TRANSITIONS_DIR);
  mkdirSync(dir, { recursive: true });
  writeAtomically(
    path.join(dir, fileNameOf(record.chart, record.variant)),
    JSON.stringify({ ...record, at: record.at ?? new Date().toISOString() }),
  );
}

function readViewTransitions(
  root: string,
  since: string | null,
): Map<string, { covered: Set<string>; unreachable: Set<string> }> {
  const dir = path.join(root, VIEW_TRANSITIONS_DIR);
  const byChart = new Map<string, { covered: Set<string>; unreachable: Set<string> }>();
  if (!existsSync(dir)) return byChart;
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.json'))) {
    try {
      const record = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ViewTransitionsRecord;
      // A suite that did not pass in this run (or did not run) left an older record: not this run's.
      if (since && (!record.at || record.at <= since)) continue;
      const entry = byChart.get(record.chart) ?? { covered: new Set(), unreachable: new Set() };
      for (const key of record.covered) entry.covered.add(key);
      for (const key of record.unreachable) entry.unreachable.add(key);
      byChart.set(record.chart, entry);
    } catch {
      // Half written or not ours: that suite counts as not run.
    }
  }
  return byChart;
}

function writeAtomically(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export function readCoverageFile(file: string): CoverageFile | null {
  try {
    if (!existsSync(file)) return null;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as CoverageFile;
    return parsed?.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}

/** One chart's machine level: its paths replayed (with the oracle, recording what it checks at each step). */
export function chartPaths(chart: Chart, oracle: ChartOracle | undefined): CoveragePath[] {
  const analysis = analyzeChart(chart);
  return analysis.paths.map((chartPath) => {
    const steps: CoverageStep[] = chartPath.steps.map((step) => ({
      event: eventLabel(step.event),
      state: valueLabel(step.state.value),
      transitions: [],
      active: [],
      expects: [],
    }));
    const onSnapshot = (index: number, snapshot: AnyMachineSnapshot) => {
      if (steps[index])
        steps[index].active = snapshot._nodes.filter((node) => node.parent).map((node) => node.id);
    };
    const onTransition = (index: number, key: string) => {
      const transitions = steps[index]?.transitions;
      if (transitions && !transitions.includes(key)) transitions.push(key);
    };
    const onExpectations = (index: number, lines: string[]) => {
      if (steps[index]) steps[index].expects = lines;
    };
    try {
      if (oracle) runOraclePath(chart, oracle, chartPath, { onTransition, onExpectations, onSnapshot });
      else
        runPath(chart, chartPath, {
          onTransition,
          onStep: (snapshot, { index }) => onSnapshot(index, snapshot),
        });
      return { title: chartPath.title, steps, result: oracle ? 'passed' : 'replayed' };
    } catch (error) {
      return {
        title: chartPath.title,
        steps,
        result: 'failed',
        failure: error instanceof Error ? error.message : stringify(error),
      };
    }
  });
}

/**
 * Builds the coverage of every chart from this run and writes it, keeping the run before it as `previous`.
 * `viewRan`: the view path tests ran in this run (else the view level is `null`, "not run").
 */
export function writeChartCoverage(options: {
  root: string;
  charts: readonly Chart[];
  oracles: Record<string, ChartOracle>;
  by: string;
  viewRan: boolean;
}): CoverageFile {
  const { root, charts, oracles, by, viewRan } = options;
  const file = path.join(root, CHART_COVERAGE_FILE);
  const before = readCoverageFile(file);
  const view = viewRan ? readViewTransitions(root, before?.ranAt ?? null) : new Map();
  const browserFile = path.join(root, BROWSER_TRANSITIONS_FILE);
  const browserTaken = existsSync(browserFile) ? readTakenTransitions(browserFile) : null;
  const coverage: CoverageFile = {
    version: 1,
    ranAt: new Date().toISOString(),
    by,
    charts: {},
    previous: before
      ? {
          ranAt: before.ranAt,
          charts: Object.fromEntries(
            Object.entries(before.charts).map(([name, { machine, view, browser }]) => [
              name,
              { machine, view, browser },
            ]),
          ),
        }
      : null,
  };
  for (const chart of charts) {
    const analysis = analyzeChart(chart);
    const paths = chartPaths(chart, oracles[chart.name]);
    const passed = paths.filter((entry) => entry.result !== 'failed');
    const machine = new Set(passed.flatMap((entry) => entry.steps.flatMap((step) => step.transitions)));
    const known = new Set(analysis.transitions.map((transition) => transition.key));
    const viewEntry = view.get(chart.name);
    coverage.charts[chart.name] = {
      machine: [...machine].filter((key) => known.has(key)).sort(),
      view: viewEntry ? [...viewEntry.covered].filter((key) => known.has(key)).sort() : null,
      viewUnreachable: viewEntry ? [...viewEntry.unreachable].sort() : [],
      browser: browserTaken
        ? [
            ...new Set(
              browserTaken
                .filter((entry) => entry.machine === chart.machine.id && known.has(entry.key))
                .map((entry) => entry.key),
            ),
          ].sort()
        : null,
      paths,
    };
  }
  writeAtomically(file, JSON.stringify(coverage));
  return coverage;
}

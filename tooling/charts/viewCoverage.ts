/**
 * The view-level columns of `npm run test:paths`, from an actual run of the view path tests
 * (`tests/web/paths/<chart>.viewPaths.test.tsx`, see viewPathTests.tsx). Nothing is claimed
 * from file names alone: a chart's view coverage is what its suites' coverage tests recorded
 * (`task.meta.viewPaths`, set only when that test passed), and the path counts are the tests'
 * own results.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ChartAnalysis } from './coverage';

/**
 * What one view path suite recorded in its coverage test's `task.meta.viewPaths` (written by
 * `describeViewPathTests`, tests/paths/viewPathTests.tsx; read here from the run's results).
 */
export interface ViewPathResult {
  chart: string;
  variant: string | null;
  /** Paths replayed, `partialPaths` of them only up to an event the view cannot produce. */
  paths: number;
  partialPaths: number;
  transitions: number;
  covered: string[];
  unreachable: string[];
}

export const VIEW_PATHS_DIR = 'tests/web/paths';
const SUFFIX = '.viewPaths.test.tsx';

/** `tests/web/paths/<chart>.viewPaths.test.tsx` files, by chart name. */
export function findViewPathFiles(root: string): Map<string, string> {
  const dir = path.join(root, VIEW_PATHS_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => [name.slice(0, -SUFFIX.length), path.join(dir, name)]),
  );
}

/** The parts of a vitest task this needs (`vitest.state.getFiles()`). */
export interface TaskLike {
  type: string;
  name: string;
  tasks?: TaskLike[];
  meta?: { viewPaths?: ViewPathResult };
  result?: { state?: string };
}

export interface ViewSummary {
  /** `describeViewPathTests` suites (one per variant). */
  suites: number;
  pathsPassed: number;
  pathsFailed: number;
  /** Replayed only up to an event the view cannot produce. */
  partialPaths: number;
  /** Suites whose "takes every transition" test did not pass. */
  failedCoverage: string[];
  /** Transition labels taken in the view by some passing suite. */
  covered: Set<string>;
  /** Transition labels documented as unreachable from the view (and not covered by another variant). */
  unreachable: Set<string>;
  /** The file ran but did not finish (import error...). */
  fileFailed: boolean;
}

const COVERAGE_TEST = /^takes every transition in the view/;
const PATH_TEST = /^#\d+ /;

/** Sums up one view path test file's results for `chartName` (suites of another chart count as failed). */
export function summarizeViewFile(file: TaskLike, chartName: string): ViewSummary {
  const summary: ViewSummary = {
    suites: 0,
    pathsPassed: 0,
    pathsFailed: 0,
    partialPaths: 0,
    failedCoverage: [],
    covered: new Set(),
    unreachable: new Set(),
    fileFailed: file.result?.state === 'fail' && !(file.tasks ?? []).length,
  };
  const unreachable = new Set<string>();
  const visit = (task: TaskLike) => {
    if (task.type === 'suite' && task.name.endsWith(': generated paths in the view')) {
      summary.suites++;
      for (const test of task.tasks ?? []) {
        if (PATH_TEST.test(test.name)) {
          if (test.result?.state === 'pass') summary.pathsPassed++;
          else summary.pathsFailed++;
          if (test.name.includes(' — replayed up to step ')) summary.partialPaths++;
        } else if (COVERAGE_TEST.test(test.name)) {
          const result = test.meta?.viewPaths;
          if (test.result?.state !== 'pass' || !result || result.chart !== chartName) {
            summary.failedCoverage.push(task.name);
            continue;
          }
          for (const label of result.covered) summary.covered.add(label);
          for (const label of result.unreachable) unreachable.add(label);
        }
      }
      return;
    }
    for (const child of task.tasks ?? []) visit(child);
  };
  visit(file);
  for (const label of unreachable) if (!summary.covered.has(label)) summary.unreachable.add(label);
  return summary;
}

/** The two view columns of one machine's row. */
export function viewColumns(
  analysis: ChartAnalysis,
  summary: ViewSummary | undefined,
  state: 'none' | 'not run' | 'ran',
): { paths: string; transitions: string } {
  if (state === 'none') return { paths: 'none', transitions: '—' };
  if (state === 'not run' || !summary) return { paths: 'not run', transitions: '—' };
  if (summary.fileFailed) return { paths: 'file failed', transitions: '—' };
  const total = summary.pathsPassed + summary.pathsFailed;
  const variants = summary.suites > 1 ? ` in ${summary.suites} variants` : '';
  const partial = summary.partialPaths ? `, ${summary.partialPaths} partial` : '';
  const covered = analysis.transitions.filter((t) => summary.covered.has(t.label)).length;
  const unreachable = summary.unreachable.size ? ` + ${summary.unreachable.size} unreachable` : '';
  const failed = summary.failedCoverage.length ? ' (coverage test FAILED)' : '';
  return {
    paths: `${summary.pathsPassed}/${total} passed${variants}${partial}`,
    transitions: `${covered}/${analysis.transitions.length}${unreachable}${failed}`,
  };
}

/**
 * `npm run test:paths`: generates the paths of every registered chart (a small
 * cover: every transition at least once), runs them against the machines —
 * with the chart's oracle (`tooling/charts/oracles/`) when it has one — and
 * prints what testers read: per machine, its states, its transitions, the
 * machine paths passed and the transitions they cover.
 *
 * Then it runs the view-level path tests (`tests/web/paths/<chart>.viewPaths.test.tsx`,
 * the same paths replayed through the real React view in jsdom) and adds two
 * columns from their results: "view paths" (path tests passed, per variant) and
 * "view transitions" (transitions the view's own actor took, plus those
 * documented as unreachable from the view). `none` means the chart has no view
 * path tests; `--no-view` skips running them (the columns then say `not run`).
 *
 * Last column, "browser transitions": transitions the real app's actors took in
 * the Playwright run, read from `test-results/browser-transitions.json`
 * (`[{ machine, key }]`, `key` as `transitionKey`); `not run` when there is no
 * such file. The e2e fixture `e2e/support/test.ts` writes it (with the app's
 * recording behind an e2e-only flag, `src/lib/inspect.ts`): run the Playwright
 * specs first, then this.
 *
 * Last, it writes the charts explorer's coverage file, `test-runs/chart-coverage.json`
 * (tooling/charts/coverageFile.ts), keeping the previous run's for the explorer's change view.
 *
 * Exits non-zero when a path fails or a transition is left uncovered, at either level.
 */
import { existsSync, readFileSync } from 'node:fs';
import { charts } from '@machines';
import { BROWSER_TRANSITIONS_FILE, type TakenTransition } from '@tooling/charts/browserTransitions';
import { analyzeChart, type ChartAnalysis, formatCoverageTable } from '@tooling/charts/coverage';
import { CHART_COVERAGE_FILE, writeChartCoverage } from '@tooling/charts/coverageFile';
import { runOraclePath } from '@tooling/charts/oracle';
import { oracles } from '@tooling/charts/oracles';
import {
  findViewPathFiles,
  summarizeViewFile,
  type TaskLike,
  type ViewSummary,
  viewColumns,
} from '@tooling/charts/viewCoverage';

const runView = !process.argv.includes('--no-view');
const analyses = charts.map((chart) => analyzeChart(chart));
const viewFiles = findViewPathFiles(process.cwd());
const summaries = new Map<string, ViewSummary>();
let problems = 0;

/** Paths that broke a promise of the chart's oracle, by chart. */
const oracleFailures = new Map<string, Array<{ title: string; message: string }>>();
for (const analysis of analyses) {
  const oracle = oracles[analysis.chart.name];
  if (!oracle) continue;
  const failures: Array<{ title: string; message: string }> = [];
  for (const path of analysis.paths) {
    try {
      runOraclePath(analysis.chart, oracle, path);
    } catch (error) {
      failures.push({ title: path.title, message: error instanceof Error ? error.message : String(error) });
    }
  }
  oracleFailures.set(analysis.chart.name, failures);
}
const machinePaths = (analysis: ChartAnalysis) => {
  const total = analysis.paths.length;
  const failures = oracleFailures.get(analysis.chart.name);
  if (!failures) return `${total - analysis.failures.length}/${total} replayed, no oracle`;
  return `${total - failures.length}/${total} passed oracle`;
};

/** Transitions the app's actors took in the Playwright run, if it recorded them. */
const BROWSER_FILE = BROWSER_TRANSITIONS_FILE;
const browserTaken = existsSync(BROWSER_FILE)
  ? (JSON.parse(readFileSync(BROWSER_FILE, 'utf8')) as TakenTransition[])
  : undefined;
const browserCell = (analysis: ChartAnalysis) => {
  if (!browserTaken) return 'not run';
  const id = analysis.chart.machine.id;
  const keys = new Set(browserTaken.filter((entry) => entry.machine === id).map((entry) => entry.key));
  return `${analysis.transitions.filter((transition) => keys.has(transition.key)).length}/${analysis.transitions.length}`;
};

if (browserTaken) {
  const known = new Map(analyses.map((analysis) => [analysis.chart.machine.id, analysis]));
  const unknown = browserTaken.filter(
    (entry) => !known.get(entry.machine)?.transitions.some((transition) => transition.key === entry.key),
  );
  console.log(
    `Browser transitions: ${browserTaken.length} recorded in ${BROWSER_FILE}` +
      (unknown.length
        ? ` (${unknown.length} of no registered chart's transitions, e.g. ${unknown[0]!.machine} ${unknown[0]!.key})`
        : ''),
  );
}

for (const name of viewFiles.keys()) {
  if (!charts.some((chart) => chart.name === name)) {
    problems++;
    console.log(`tests/web/paths/${name}.viewPaths.test.tsx: no chart named "${name}" in machines/index.ts`);
  }
}

if (runView && viewFiles.size) {
  console.log(`Running the view path tests (${viewFiles.size} files)...`);
  const { startVitest } = await import('vitest/node');
  const vitest = await startVitest('test', [...viewFiles.values()], {
    project: 'view-paths',
    watch: false,
    run: true,
    reporters: ['dot'],
  });
  for (const file of vitest.state.getFiles() as unknown as TaskLike[]) {
    const name = [...viewFiles.entries()].find(([, filePath]) => filePath.endsWith(file.name))?.[0];
    if (name) summaries.set(name, summarizeViewFile(file, name));
  }
  await vitest.close();
  console.log('');
}

console.log(
  formatCoverageTable(
    analyses,
    {
      header: ['view paths', 'view transitions', 'browser transitions'],
      cells: (analysis) => {
        const name = analysis.chart.name;
        const state = !viewFiles.has(name) ? 'none' : runView ? 'ran' : 'not run';
        const { paths, transitions } = viewColumns(analysis, summaries.get(name), state);
        return [paths, transitions, browserCell(analysis)];
      },
    },
    machinePaths,
  ),
);

for (const analysis of analyses) {
  for (const transition of analysis.uncovered) {
    problems++;
    console.log(`\n${analysis.chart.name}: no path takes ${transition.label} (add sample events for it)`);
  }
  for (const { title, message } of oracleFailures.get(analysis.chart.name) ?? []) {
    problems++;
    console.log(`\n${analysis.chart.name}: path broke a promise of the oracle ${title}\n${message}`);
  }
  for (const { path, error } of analysis.failures) {
    problems++;
    console.log(
      `\n${analysis.chart.name}: path failed ${path.title}\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const view = summaries.get(analysis.chart.name);
  if (view) {
    if (view.fileFailed) {
      problems++;
      console.log(`\n${analysis.chart.name}: the view path test file failed to run`);
    }
    if (view.pathsFailed) {
      problems++;
      console.log(
        `\n${analysis.chart.name}: ${view.pathsFailed} view path(s) failed (run the file with vitest)`,
      );
    }
    for (const suite of view.failedCoverage) {
      problems++;
      console.log(`\n${suite}: the view did not take every transition it should (see its coverage test)`);
    }
    for (const label of view.unreachable) {
      console.log(`\n${analysis.chart.name}: documented as unreachable from the view: ${label}`);
    }
  }
}
// The charts explorer's coverage file (tooling/charts/coverageFile.ts): this run's three levels, the last one kept.
writeChartCoverage({ root: process.cwd(), charts, oracles, by: 'npm run test:paths', viewRan: runView });
console.log(`\nCoverage for the charts explorer (/charts): ${CHART_COVERAGE_FILE}`);
console.log(
  problems
    ? `\n${problems} problem(s).`
    : `\nEvery transition of every chart is covered by the machine-level paths${
        runView && summaries.size ? '; the charts with view path tests pass them' : ''
      }.`,
);
process.exitCode = problems ? 1 : 0;

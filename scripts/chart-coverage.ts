/**
 * `npm test`'s last stage (`charts`, scripts/run-tests.ts): writes the charts explorer's coverage file
 * `test-runs/chart-coverage.json` from this run — the machine paths (replayed here, with their oracles), the
 * view path suites the `unit` stage passed and the transitions the `e2e` stage's browsers took — keeping the
 * run before it for the explorer's change view (tooling/charts/coverageFile.ts, docs/charts-explorer.md).
 * It reports; it does not judge (the `unit` stage and `npm run test:paths` fail on missing coverage).
 *
 * `--by=<what>` names the run in the file (default `npm test`).
 */
import { charts } from '@machines';
import { CHART_COVERAGE_FILE, writeChartCoverage } from '@tooling/charts/coverageFile';
import { oracles } from '@tooling/charts/oracles';

const by = process.argv.find((arg) => arg.startsWith('--by='))?.slice('--by='.length) ?? 'npm test';
const coverage = writeChartCoverage({ root: process.cwd(), charts, oracles, by, viewRan: true });
const count = (level: 'machine' | 'view' | 'browser') =>
  Object.values(coverage.charts).reduce((sum, chart) => sum + (chart[level]?.length ?? 0), 0);
console.log(
  `${CHART_COVERAGE_FILE}: ${Object.keys(coverage.charts).length} charts; transitions taken: ` +
    `${count('machine')} by machine paths, ${count('view')} in views, ${count('browser')} in browsers`,
);

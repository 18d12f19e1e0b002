/**
 * `npm run test:paths`: generates the paths of every registered chart, runs
 * them against the machines and prints what testers read: per machine, its
 * states, its transitions, the paths run and the transitions they cover.
 * Exits non-zero when a path fails or a transition is left uncovered.
 */
import { charts } from '../machines';
import { analyzeChart, formatCoverageTable } from '../tests/paths/coverage';

const analyses = charts.map(analyzeChart);
console.log(formatCoverageTable(analyses));

let problems = 0;
for (const analysis of analyses) {
  for (const transition of analysis.uncovered) {
    problems++;
    console.log(`\n${analysis.chart.name}: no path takes ${transition.label} (add sample events for it)`);
  }
  for (const { path, error } of analysis.failures) {
    problems++;
    console.log(
      `\n${analysis.chart.name}: path failed ${path.title}\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (analysis.strategy !== 'shortest') {
    console.log(`\n${analysis.chart.name}: shortest paths were not enough; simple paths were added.`);
  }
}
console.log(problems ? `\n${problems} problem(s).` : '\nEvery transition of every chart is covered.');
process.exitCode = problems ? 1 : 0;

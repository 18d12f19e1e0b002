/**
 * The registry of every statechart. Each entry gets a diagram in
 * `docs/charts/<name>.md` (`npm run charts`) and generated path tests
 * (`tests/machines/<name>.paths.test.ts`, `npm run test:paths`).
 *
 * To register a machine: write `<flow>.chart.ts` next to it with `defineChart`,
 * import it here and add it to the list.
 */
import type { Chart } from './chart';
import { resourceListChart } from './resourceList/resourceList.chart';
import { signInChart } from './signIn/signIn.chart';
import { signUpChart } from './signUp/signUp.chart';

export const charts: readonly Chart[] = [signInChart, signUpChart, resourceListChart];

export function getChart(name: string): Chart {
  const chart = charts.find((candidate) => candidate.name === name);
  if (!chart) throw new Error(`No chart named "${name}" in machines/index.ts`);
  return chart;
}

export { type Chart, defineChart, type SampleEvent } from './chart';

/**
 * Generated path tests: one vitest `it` per path of a registered chart, plus a
 * final check that the paths cover every transition of the chart.
 *
 *   describePathTests(getChart('signIn'));             // pure machine
 *   describePathTests(getChart('signIn'), runInView);   // same paths, another level
 */
import { describe, expect, it } from 'vitest';
import type { Chart } from '../../machines/chart';
import { analyzeChart, type ChartPath, type PathRun, runPath } from './coverage';

export type PathRunner = (path: ChartPath, chart: Chart) => unknown | Promise<unknown>;

/** Runs a path against the machine itself, comparing state value, status and context after every step. */
export function runMachinePath(path: ChartPath, chart: Chart): PathRun {
  return runPath(chart, path, {
    assertStep: (actual, expected, { index, event }) => {
      expect(actual, `step ${index}: after ${event.type}`).toEqual(expected);
    },
  });
}

export function describePathTests(chart: Chart, run: PathRunner = runMachinePath): void {
  describe(`${chart.name}: generated paths`, () => {
    const analysis = analyzeChart(chart);

    it('has paths', () => {
      expect(analysis.paths.length).toBeGreaterThan(0);
    });

    for (const path of analysis.paths) {
      it(path.title, async () => {
        await run(path, chart);
      });
    }

    it('covers every transition', () => {
      expect(analysis.uncovered.map((transition) => transition.label)).toEqual([]);
    });

    it('reaches every state', () => {
      expect(analysis.states.filter((id) => !analysis.statesReached.includes(id))).toEqual([]);
    });
  });
}

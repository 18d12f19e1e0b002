/**
 * Generated path tests: one vitest `it` per path of a registered chart (a small
 * cover: every transition at least once, see `analyzeChart`), plus a final
 * check that the paths cover every transition and reach every state.
 *
 *   describePathTests(getChart('codeEntry'), { oracle: codeEntryOracle });  // with an oracle (tooling/charts/oracle.ts)
 *   describePathTests(getChart('signIn'));                                  // replay only (charts without an oracle yet)
 *   describePathTests(getChart('customerForm'), runInView);                 // same paths, another level
 *
 * Without an oracle a path is only replayed against the machine that produced
 * it, which can catch a throw and nothing else: new path test files pass an oracle.
 */

import type { Chart } from '@machines/chart';
import { analyzeChart, type ChartPath, type PathRun, runPath } from '@tooling/charts/coverage';
import { type ChartOracle, runOraclePath, unusedOracleStates } from '@tooling/charts/oracle';
import { describe, expect, it } from 'vitest';

export type PathRunner = (path: ChartPath, chart: Chart) => unknown | Promise<unknown>;

/** Runs a path against the machine itself, comparing state value, status and context after every step. */
export function runMachinePath(path: ChartPath, chart: Chart): PathRun {
  return runPath(chart, path, {
    assertStep: (actual, expected, { index, event }) => {
      expect(actual, `step ${index}: after ${event.type}`).toEqual(expected);
    },
  });
}

export interface PathTestOptions {
  /** What each state promises, checked at every step (tooling/charts/oracles/<chart>.ts). */
  oracle: ChartOracle;
}

export function describePathTests(
  chart: Chart,
  runOrOptions: PathRunner | PathTestOptions = runMachinePath,
): void {
  const oracle = typeof runOrOptions === 'function' ? undefined : runOrOptions.oracle;
  const run: PathRunner =
    typeof runOrOptions === 'function'
      ? runOrOptions
      : (path) => runOraclePath(chart, runOrOptions.oracle, path);
  describe(`${chart.name}: generated paths${oracle ? ' with an oracle' : ''}`, () => {
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

    if (oracle) {
      it('has no oracle entries for states no path lands in', () => {
        expect(unusedOracleStates(oracle, analysis.paths)).toEqual([]);
      });
    }
  });
}

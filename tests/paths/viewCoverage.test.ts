import { getChart } from '@machines';
import { analyzeChart } from '@tooling/charts/coverage';
import type { ViewPathResult } from '@tooling/charts/viewCoverage';
import { summarizeViewFile, type TaskLike, viewColumns } from '@tooling/charts/viewCoverage';
import { describe, expect, it } from 'vitest';

const analysis = analyzeChart(getChart('campaignProgress'));
const labels = analysis.transitions.map((transition) => transition.label);

const result = (overrides: Partial<ViewPathResult> = {}): ViewPathResult => ({
  chart: 'campaignProgress',
  variant: null,
  paths: 2,
  partialPaths: 1,
  transitions: labels.length,
  covered: labels.slice(0, -1),
  unreachable: [labels.at(-1)!],
  ...overrides,
});

/** A file as vitest reports it: one view path suite, its path tests, its coverage test. */
function file(options: { paths?: string[]; coverage?: 'pass' | 'fail'; meta?: ViewPathResult }): TaskLike {
  const paths = (options.paths ?? ['pass', 'pass']).map((state, i) => ({
    type: 'test',
    name: `#0${i + 1} reaches somewhere${i === 0 ? ' — replayed up to step 1, without x: y' : ''}`,
    result: { state },
  }));
  return {
    type: 'suite',
    name: 'campaignProgress.viewPaths.test.tsx',
    result: { state: 'pass' },
    tasks: [
      {
        type: 'suite',
        name: 'campaignProgress: generated paths in the view',
        tasks: [
          {
            type: 'test',
            name: 'knows how to produce every event and what every state shows',
            result: { state: 'pass' },
          },
          ...paths,
          {
            type: 'test',
            name: 'takes every transition in the view, except the documented unreachable ones',
            result: { state: options.coverage ?? 'pass' },
            meta: options.meta ? { viewPaths: options.meta } : {},
          },
        ],
      },
    ],
  };
}

describe('view columns of npm run test:paths', () => {
  it('shows the paths passed and the transitions the passing coverage test recorded', () => {
    const summary = summarizeViewFile(file({ meta: result() }), 'campaignProgress');
    expect(viewColumns(analysis, summary, 'ran')).toEqual({
      paths: '2/2 passed, 1 partial',
      transitions: `${labels.length - 1}/${labels.length} + 1 unreachable`,
    });
  });

  it('claims no transition when the coverage test failed, and counts failed paths', () => {
    const summary = summarizeViewFile(
      file({ paths: ['pass', 'fail'], coverage: 'fail' }),
      'campaignProgress',
    );
    expect(summary.failedCoverage).toEqual(['campaignProgress: generated paths in the view']);
    expect(viewColumns(analysis, summary, 'ran')).toEqual({
      paths: '1/2 passed, 1 partial',
      transitions: `0/${labels.length} (coverage test FAILED)`,
    });
  });

  it('does not count a suite of another chart', () => {
    const summary = summarizeViewFile(file({ meta: result({ chart: 'signIn' }) }), 'campaignProgress');
    expect(summary.covered.size).toBe(0);
    expect(summary.failedCoverage).toHaveLength(1);
  });

  it('says none without view path tests and not run when they were skipped', () => {
    expect(viewColumns(analysis, undefined, 'none')).toEqual({ paths: 'none', transitions: '—' });
    expect(viewColumns(analysis, undefined, 'not run')).toEqual({ paths: 'not run', transitions: '—' });
  });
});

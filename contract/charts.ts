import * as v from 'valibot';

/**
 * The charts explorer's coverage (issue 30, docs/charts-explorer.md): per chart, the transitions the last
 * test run took at the machine, view and browser levels (transition keys, `transitionKey` of
 * machines/chart.ts), and the run before it. Written by the tests (tooling/charts/coverageFile.ts), served
 * read-only by `GET /api/charts/coverage` (server/charts/routes.ts). No tenant data.
 */

/** Where the tests write it, from the checkout's root (not committed: it changes with every run). */
export const CHART_COVERAGE_PATH = 'test-runs/chart-coverage.json';

/** `null`: the level did not run (or the chart has no tests at that level). */
export const LevelKeysSchema = v.object({
  machine: v.array(v.string()),
  view: v.nullable(v.array(v.string())),
  browser: v.nullable(v.array(v.string())),
});
export type LevelKeys = v.InferOutput<typeof LevelKeysSchema>;

export const ChartCoverageSummarySchema = v.object({
  ...LevelKeysSchema.entries,
  /** Transitions documented as unreachable from the view. */
  viewUnreachable: v.array(v.string()),
  /** The run before: `null` when there was none, or the chart was not in it. */
  previous: v.nullable(LevelKeysSchema),
});
export type ChartCoverageSummary = v.InferOutput<typeof ChartCoverageSummarySchema>;

export const ChartsCoverageSchema = v.object({
  /** ISO date-time of the last run; `null`: no test run on this server yet (`npm run test:paths` makes one). */
  ranAt: v.nullable(v.string()),
  /** What ran: `npm test` or `npm run test:paths`. */
  by: v.nullable(v.string()),
  previousRanAt: v.nullable(v.string()),
  charts: v.record(v.string(), ChartCoverageSummarySchema),
});
export type ChartsCoverage = v.InferOutput<typeof ChartsCoverageSchema>;

export const CoverageStepSchema = v.object({
  /** The event with a short payload; `xstate.init` for the first step. */
  event: v.string(),
  /** The state value after the step: `active.code.error + delivery.ready`. */
  state: v.string(),
  /** Transition keys the step took. */
  transitions: v.array(v.string()),
  /** Ids of the state nodes active after the step. */
  active: v.array(v.string()),
  /** What the chart's oracle checked at this step, in words. */
  expects: v.array(v.string()),
});
export type CoverageStep = v.InferOutput<typeof CoverageStepSchema>;

export const CoveragePathSchema = v.object({
  title: v.string(),
  steps: v.array(CoverageStepSchema),
  /** Against the oracle; `replayed` when the chart has none. */
  result: v.picklist(['passed', 'failed', 'replayed']),
  failure: v.optional(v.string()),
});
export type CoveragePath = v.InferOutput<typeof CoveragePathSchema>;

export const ChartCoverageDetailSchema = v.object({
  ...ChartCoverageSummarySchema.entries,
  name: v.string(),
  ranAt: v.string(),
  paths: v.array(CoveragePathSchema),
});
export type ChartCoverageDetail = v.InferOutput<typeof ChartCoverageDetailSchema>;

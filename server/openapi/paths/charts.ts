import { ChartCoverageDetailSchema, ChartsCoverageSchema } from '@contract/charts';
import * as v from 'valibot';
import { json, type OperationSpec, problem, UNAUTHENTICATED } from '../operation';

const tags = ['Charts'];

/** The charts explorer's coverage (server/charts/routes.ts, docs/charts-explorer.md). */
export const chartOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/charts/coverage',
    summary: "Every chart's transitions taken by the last test run, at machine, view and browser level",
    description:
      'Read-only, no tenant data. Open to signed-in members, to everyone with CHARTS_PUBLIC=on. `ranAt` is null before any test run.',
    tags,
    responses: {
      200: json('The coverage of every chart, and the run before', ChartsCoverageSchema),
      ...UNAUTHENTICATED,
    },
  },
  {
    method: 'get',
    path: '/api/charts/coverage/{chart}',
    summary: "One chart's coverage, with its generated paths step by step and what the oracle checks",
    tags,
    pathParams: v.object({ chart: v.pipe(v.string(), v.description("The chart's name, e.g. `codeEntry`")) }),
    responses: {
      200: json("The chart's coverage and paths", ChartCoverageDetailSchema),
      ...UNAUTHENTICATED,
      404: problem('No such chart, or no test run yet'),
    },
  },
];

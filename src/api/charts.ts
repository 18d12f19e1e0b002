import { ChartCoverageDetailSchema, ChartsCoverageSchema } from '@contract/charts';
import { requestJson } from './http';

/** The charts explorer's coverage (issue 30, server/openapi/paths/charts.ts). Failures reject with an ApiError. */
export function loadChartsCoverage() {
  return requestJson('GET', 'api/charts/coverage', ChartsCoverageSchema);
}

export function loadChartCoverage(name: string) {
  return requestJson('GET', `api/charts/coverage/${encodeURIComponent(name)}`, ChartCoverageDetailSchema);
}

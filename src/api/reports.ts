import {
  REPORT_GROUPINGS,
  REPORT_METRICS,
  type ReportQuery,
  type ReportResponse,
  reportQueryParams,
} from '@contract/reports';
import * as v from 'valibot';
import { requestJson } from './http';

const nullableNumber = v.nullable(v.number());
const ValuesSchema = v.partial(v.object(Object.fromEntries(REPORT_METRICS.map((m) => [m, nullableNumber]))));
const KeySchema = v.object({
  grouping: v.picklist(REPORT_GROUPINGS),
  value: v.nullable(v.string()),
  label: v.string(),
});
const TotalsSchema = v.object({
  values: ValuesSchema,
  previous: v.nullable(ValuesSchema),
  change: v.nullable(ValuesSchema),
});
const RowSchema = v.object({ keys: v.array(KeySchema), ...TotalsSchema.entries });

/**
 * `GET /api/reports` (contract/reports.ts ReportResponse). The echoed query is taken as the contract types it:
 * the page reads its own query from the URL, never from the answer.
 */
const ReportResponseSchema = v.looseObject({
  query: v.custom<ReportQuery>((value) => typeof value === 'object' && value !== null),
  currency: v.string(),
  currencies: v.array(v.string()),
  previousRange: v.nullable(v.object({ from: v.string(), to: v.string() })),
  rows: v.array(RowSchema),
  rowCount: v.number(),
  totals: TotalsSchema,
  dataThrough: v.nullable(v.string()),
});

/** One page of the report (rejects with an ApiError; a 400 names each parameter at fault). */
export function loadReport(query: ReportQuery, signal?: AbortSignal): Promise<ReportResponse> {
  return requestJson('GET', 'api/reports', ReportResponseSchema, {
    searchParams: reportQueryParams(query),
    signal,
  }) as Promise<ReportResponse>;
}

/** Every row of a query (a time-series by day and platform may fill several pages), page by page. */
export async function loadEveryRow(query: ReportQuery, signal?: AbortSignal): Promise<ReportResponse> {
  const first = await loadReport(query, signal);
  const rows = [...first.rows];
  // Bounded: two years by week and seven platforms are 735 rows, three pages of 250.
  for (let page = 1; rows.length < first.rowCount && page < 8; page += 1) {
    const next = await loadReport({ ...query, offset: page * query.limit }, signal);
    if (next.rows.length === 0) break;
    rows.push(...next.rows);
  }
  return { ...first, rows };
}

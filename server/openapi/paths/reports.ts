import { CURRENCIES } from '@contract/reference';
import { REPORT_GROUPINGS, REPORT_METRICS, ReportResponseSchema } from '@contract/reports';
import * as v from 'valibot';
import { BAD_INPUT, json, NO_ACCOUNT, type OperationSpec } from '../operation';

const commaList = (of: readonly string[]) => `Comma-separated, of ${of.join(', ')}`;

/** `GET /api/reports` (server/reports/routes.ts; the query language is contract/reports.ts parseReportQuery). */
export const reportOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/reports',
    summary: "The cross-platform report of the account's delivery",
    description: '`format=csv` streams every group as CSV instead of one page of JSON.',
    tags: ['Reports'],
    query: v.object({
      from: v.optional(v.pipe(v.string(), v.isoDate(), v.description('First day (default 30 days ago)'))),
      to: v.optional(v.pipe(v.string(), v.isoDate(), v.description('Last day, inclusive (default today)'))),
      groupBy: v.optional(v.pipe(v.string(), v.description(`One or two, ${commaList(REPORT_GROUPINGS)}`))),
      metrics: v.optional(v.pipe(v.string(), v.description(commaList(REPORT_METRICS)))),
      compare: v.optional(v.pipe(v.literal('previous'), v.description('Compare with the previous period'))),
      currency: v.optional(v.picklist(CURRENCIES)),
      customer: v.optional(v.pipe(v.string(), v.description('Customer ids, comma-separated'))),
      campaign: v.optional(v.pipe(v.string(), v.description('Campaign ids, comma-separated'))),
      platform: v.optional(v.pipe(v.string(), v.description('Platform keys, comma-separated'))),
      status: v.optional(v.pipe(v.string(), v.description('Campaign statuses, comma-separated'))),
      sort: v.optional(v.picklist([...REPORT_METRICS, ...REPORT_GROUPINGS])),
      order: v.optional(v.picklist(['asc', 'desc'])),
      limit: v.optional(v.pipe(v.number(), v.integer())),
      offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      format: v.optional(v.picklist(['json', 'csv'])),
    }),
    responses: {
      200: {
        ...json('One page of groups with totals (JSON), or every group (CSV)', ReportResponseSchema),
        files: ['text/csv'],
      },
      ...BAD_INPUT,
      ...NO_ACCOUNT,
    },
  },
];

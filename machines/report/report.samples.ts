/** Sample answers of `GET /api/reports` for the chart's path tests and the view tests. */
import { metricValues, type ReportQuery, type ReportResponse, type ReportRow } from '@contract/reports';

export const SAMPLE_TODAY = '2030-03-31';

/** The customer the samples filter by (the view tests' fake API lists it). */
export const SAMPLE_CUSTOMER = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Acme Shoes' };

export const SAMPLE_QUERY: ReportQuery = {
  from: '2030-03-02',
  to: '2030-03-31',
  groupBy: ['campaign'],
  metrics: [
    'spend',
    'impressions',
    'reach',
    'clicks',
    'ctr',
    'cpc',
    'cpm',
    'conversions',
    'costPerConversion',
  ],
  compare: false,
  currency: null,
  customerIds: [],
  campaignIds: [],
  platforms: [],
  statuses: [],
  sort: 'spend',
  order: 'desc',
  limit: 50,
  offset: 0,
};

const counts = (spendMinor: number) => ({
  impressions: spendMinor * 4,
  reach: spendMinor * 3,
  clicks: Math.round(spendMinor / 20),
  spendMinor,
  conversions: Math.round(spendMinor / 500),
});

export function sampleRow(label: string, spendMinor: number): ReportRow {
  return {
    keys: [
      {
        grouping: 'campaign',
        value: `00000000-0000-4000-8000-${String(spendMinor).padStart(12, '0')}`,
        label,
      },
    ],
    values: metricValues(counts(spendMinor)),
    previous: null,
    change: null,
  };
}

/** A page of `rows`; `rowCount` may say there are more pages. */
export function sampleReport(
  rows: ReportRow[],
  query: ReportQuery = SAMPLE_QUERY,
  rowCount = rows.length,
): ReportResponse {
  const total = rows.reduce((sum, row) => sum + (row.values.spend ?? 0), 0);
  return {
    query,
    currency: 'EUR',
    // The account's campaigns also use USD: the page offers the switch.
    currencies: ['USD'],
    previousRange: null,
    rows,
    rowCount,
    totals: { values: metricValues(counts(total)), previous: null, change: null },
    dataThrough: rows.length ? '2030-03-30' : null,
  };
}

export function sampleSeries(query: ReportQuery = SAMPLE_QUERY): ReportResponse {
  const days = ['2030-03-28', '2030-03-29', '2030-03-30'];
  const rows = days.map((day, index) => ({
    keys: [{ grouping: 'day' as const, value: day, label: day }],
    values: { spend: 10_000 * (index + 1) },
    previous: null,
    change: null,
  }));
  return { ...sampleReport([], query), rows, rowCount: rows.length, dataThrough: '2030-03-30' };
}

import type { ReportResponse, ReportRow } from '@contract/reports';
import { SAMPLE_QUERY, sampleSeries } from '@machines/report/report.samples';
import { chartModel } from '@machines/report/report.series';
import { previousSeriesQuery, seriesQuery } from '@machines/report/report.url';
import { describe, expect, it } from 'vitest';

/** The reports chart as data: a line per platform, the previous period laid over this one, gaps as zero. */

const row = (bucket: string, spend: number | null, platform?: [string, string]): ReportRow => ({
  keys: [
    { grouping: bucket.length === 10 ? 'day' : 'week', value: bucket, label: bucket },
    ...(platform ? [{ grouping: 'platform' as const, value: platform[0], label: platform[1] }] : []),
  ],
  values: { spend },
  previous: null,
  change: null,
});
const answer = (rows: ReportRow[]): ReportResponse => ({ ...sampleSeries(), rows, rowCount: rows.length });
const META: [string, string] = ['meta', 'Meta'];
const TIKTOK: [string, string] = ['tiktok', 'TikTok'];

describe('the reports chart', () => {
  it('asks for the series by day and platform when the report is grouped by platform, and the previous period with compare', () => {
    const byPlatform = { ...SAMPLE_QUERY, groupBy: ['platform' as const], compare: true };
    expect(seriesQuery(byPlatform, 'spend').groupBy).toEqual(['day', 'platform']);
    expect(seriesQuery(SAMPLE_QUERY, 'spend').groupBy).toEqual(['day']);
    expect(previousSeriesQuery(SAMPLE_QUERY, 'spend')).toBeNull();
    const previous = previousSeriesQuery(byPlatform, 'clicks')!;
    expect([previous.from, previous.to, previous.metrics, previous.groupBy]).toEqual([
      '2030-01-31',
      '2030-03-01',
      ['clicks'],
      ['day', 'platform'],
    ]);
  });

  it('draws a line per platform, largest first, a day without delivery as 0 spend', () => {
    const chart = chartModel(
      SAMPLE_QUERY,
      'spend',
      answer([row('2030-03-02', 100, META), row('2030-03-03', 50, META), row('2030-03-03', 900, TIKTOK)]),
      null,
    );
    expect(chart.buckets).toEqual(['2030-03-02', '2030-03-03']);
    expect(chart.lines).toEqual([
      { key: 'tiktok', label: 'TikTok', period: 'current', values: [0, 900] },
      { key: 'meta', label: 'Meta', period: 'current', values: [100, 50] },
    ]);
  });

  it('leaves a rate unknown where nothing was delivered', () => {
    const chart = chartModel(
      SAMPLE_QUERY,
      'ctr',
      answer([row('2030-03-02', null, META), row('2030-03-03', null, TIKTOK)]),
      null,
    );
    expect(chart.lines.map((line) => line.values)).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('lays the previous period over this one: its first day under this first day (by week, its first week)', () => {
    // 2030-03-02 … 2030-03-31 (30 days); the previous period is 2030-01-31 … 2030-03-01.
    const days = chartModel(
      SAMPLE_QUERY,
      'spend',
      answer([row('2030-03-02', 10)]),
      answer([row('2030-01-31', 7), row('2030-02-01', 8)]),
    );
    expect(days.previousRange).toEqual({ from: '2030-01-31', to: '2030-03-01' });
    expect(days.buckets).toEqual(['2030-03-02', '2030-03-03']);
    expect(days.lines).toEqual([
      // Nothing reported yet after this period's last day: no line there (not a drop to 0).
      { key: 'total', label: 'Total', period: 'current', values: [10, null] },
      { key: 'total', label: 'Total', period: 'previous', values: [7, 8] },
    ]);
    // By week (weeks start on Monday): the previous period's first week under this one's first week.
    const long = { ...SAMPLE_QUERY, from: '2030-01-07', to: '2030-06-30' };
    const weeks = chartModel(
      long,
      'spend',
      answer([weekRow('2030-01-07', 5)]),
      answer([weekRow(previousMonday(long.from, long.to), 3)]),
    );
    expect(weeks.grouping).toBe('week');
    expect(weeks.lines.map((line) => [line.period, line.values])).toEqual([
      ['current', [5]],
      ['previous', [3]],
    ]);
  });
});

function weekRow(monday: string, spend: number): ReportRow {
  return { ...row(monday, spend), keys: [{ grouping: 'week', value: monday, label: monday }] };
}

/** The Monday of the week the previous period starts in. */
function previousMonday(from: string, to: string): string {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const start = new Date(Date.parse(from) - days * 86_400_000);
  const monday = new Date(start.getTime() - ((start.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

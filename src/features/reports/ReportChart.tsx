import { METRIC_LABELS, type ReportMetric, type ReportResponse } from '@contract/reports';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import * as table from '@src/ui/table.css';
import { lazy, Suspense, useId, useState } from 'react';
import { formatDay, formatMetric } from './reportFormat';
import * as styles from './reports.css';
import type { SeriesPoint } from './SeriesPlot';

// uPlot loads with the chart, not with the page.
const SeriesPlot = lazy(() => import('./SeriesPlot'));

/**
 * The chosen metric over the range (by day, or by week for long ranges), with the same figures as a table:
 * visually hidden for screen readers under the chart, or shown instead of it with "Show as table".
 */
export function ReportChart({
  series,
  metrics,
  metric,
  onMetricChange,
}: {
  series: ReportResponse;
  metrics: readonly ReportMetric[];
  metric: ReportMetric;
  onMetricChange: (metric: ReportMetric) => void;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const grouping = series.rows[0]?.keys[0]?.grouping === 'week' ? 'week' : 'day';
  const points: SeriesPoint[] = series.rows.map((row) => ({
    day: row.keys[0]?.value ?? '',
    value: row.values[metric] ?? null,
  }));
  const title = `${METRIC_LABELS[metric]} by ${grouping}`;
  return (
    <section className={styles.chartCard} aria-labelledby={`${id}-title`}>
      <div className={styles.chartHeader}>
        <h2 id={`${id}-title`} className={styles.legend}>
          {title}
        </h2>
        <label className={styles.control}>
          <span className={field.label}>Chart</span>
          <select
            className={field.input}
            value={metric}
            onChange={(event) => onMetricChange(event.target.value as ReportMetric)}
          >
            {metrics.map((option) => (
              <option key={option} value={option}>
                {METRIC_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          Show as table
        </Button>
      </div>
      {points.length === 0 ? <p className={styles.muted}>Nothing to chart in this range.</p> : null}
      {!asTable && points.length > 0 ? (
        <Suspense fallback={<p className={styles.muted}>Loading the chart…</p>}>
          <SeriesPlot points={points} metric={metric} currency={series.currency} />
        </Suspense>
      ) : null}
      <div className={asTable ? table.tableWrap : visuallyHidden}>
        <table className={table.table}>
          <caption className={visuallyHidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={table.th}>
                {grouping === 'week' ? 'Week of' : 'Day'}
              </th>
              <th scope="col" className={`${table.th} ${table.numeric}`}>
                {METRIC_LABELS[metric]}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row" className={table.td}>
                  {formatDay(point.day)}
                </th>
                <td className={`${table.td} ${table.numeric}`}>
                  {formatMetric(metric, point.value, series.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { METRIC_LABELS, type ReportMetric } from '@contract/reports';
import type { ReportChartModel } from '@machines/report';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import * as table from '@src/ui/table.css';
import { lazy, Suspense, useId, useState } from 'react';
import { colourIndexes, lineName } from './chartPalette';
import { formatDay, formatMetric } from './reportFormat';
import * as styles from './reports.css';

// uPlot loads with the chart, not with the page.
const SeriesPlot = lazy(() => import('./SeriesPlot'));

/**
 * The chosen metric over the range (by day, or by week for long ranges): a line per platform when the report
 * is grouped by platform, else one total line; with compare, each line's previous period dashed over it. The
 * same figures as a table: visually hidden for screen readers under the chart, or shown instead of it with
 * "Show as table".
 */
export function ReportChart({
  chart,
  currency,
  metrics,
  metric,
  onMetricChange,
}: {
  chart: ReportChartModel;
  currency: string;
  metrics: readonly ReportMetric[];
  metric: ReportMetric;
  onMetricChange: (metric: ReportMetric) => void;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const { grouping, buckets, lines } = chart;
  const byPlatform = lines.some((line) => line.key !== 'total');
  const title = `${METRIC_LABELS[metric]} by ${grouping}${byPlatform ? ' and platform' : ''}`;
  const colours = colourIndexes(chart);
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
      {buckets.length === 0 ? <p className={styles.muted}>Nothing to chart in this range.</p> : null}
      {!asTable && buckets.length > 0 ? (
        <>
          {lines.length > 1 ? (
            <ul className={styles.chartLegend} aria-label="Lines">
              {lines.map((line, i) => (
                <li key={`${line.key}-${line.period}`} className={styles.legendItem}>
                  <span
                    aria-hidden="true"
                    className={`${styles.swatch[colours[i]!]} ${line.period === 'previous' ? styles.swatchDashed : ''}`}
                  />
                  {lineName(line)}
                </li>
              ))}
            </ul>
          ) : null}
          <Suspense fallback={<p className={styles.muted}>Loading the chart…</p>}>
            <SeriesPlot chart={chart} metric={metric} currency={currency} />
          </Suspense>
        </>
      ) : null}
      <div className={asTable ? table.tableWrap : visuallyHidden}>
        <table className={table.table}>
          <caption className={visuallyHidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={table.th}>
                {grouping === 'week' ? 'Week of' : 'Day'}
              </th>
              {lines.map((line) => (
                <th key={`${line.key}-${line.period}`} scope="col" className={`${table.th} ${table.numeric}`}>
                  {lines.length === 1 ? METRIC_LABELS[metric] : lineName(line)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket, i) => (
              <tr key={bucket}>
                <th scope="row" className={table.td}>
                  {formatDay(bucket)}
                </th>
                {lines.map((line) => (
                  <td key={`${line.key}-${line.period}`} className={`${table.td} ${table.numeric}`}>
                    {formatMetric(metric, line.values[i] ?? null, currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

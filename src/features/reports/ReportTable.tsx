import {
  METRIC_LABELS,
  REPORT_PAGE_SIZES,
  type ReportGrouping,
  type ReportMetric,
  type ReportQuery,
  type ReportQueryErrors,
  type ReportResponse,
  type ReportValues,
} from '@contract/reports';
import type { ReportCommands } from '@machines/report';
import * as field from '@src/ui/field.css';
import { SortIcon } from '@src/ui/icons';
import * as table from '@src/ui/table.css';
import { GROUPING_LABELS } from './ReportToolbar';
import { formatChange, formatMetric, formatMetricCompact } from './reportFormat';
import * as styles from './reports.css';

/** Costs going up is bad news; spend going up is neither good nor bad; the rest going up is good. */
const COSTS: readonly ReportMetric[] = ['cpc', 'cpm', 'costPerConversion'];
function changeClass(metric: ReportMetric, direction: string) {
  if (metric === 'spend' || direction === 'none' || direction === 'flat') return styles.changeNeutral;
  const better = COSTS.includes(metric) ? direction === 'down' : direction === 'up';
  return better ? styles.changeGood : styles.changeBad;
}

interface TableProps {
  query: ReportQuery;
  report: ReportResponse;
  errors: ReportQueryErrors;
  isBusy: boolean;
  commands: Pick<ReportCommands, 'toggleSort' | 'changePage' | 'changePageSize'>;
}

function SortHeader({
  column,
  label,
  query,
  numeric,
  onSort,
}: {
  column: ReportMetric | ReportGrouping;
  label: string;
  query: ReportQuery;
  numeric: boolean;
  onSort: (column: ReportMetric | ReportGrouping) => void;
}) {
  const order = query.sort === column ? query.order : null;
  return (
    <th
      scope="col"
      className={[table.th, numeric ? table.numeric : '', order ? table.sortedHeader : ''].join(' ')}
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}
    >
      {/* A button: Enter and Space sort from the keyboard. */}
      <button type="button" className={table.sortButton} onClick={() => onSort(column)}>
        {label}
        <SortIcon order={order} className={order ? table.sortIconActive : table.sortIcon} />
      </button>
    </th>
  );
}

function MetricCells({
  metrics,
  values,
  change,
  compare,
  currency,
}: {
  metrics: readonly ReportMetric[];
  values: ReportValues;
  change: ReportValues | null;
  compare: boolean;
  currency: string;
}) {
  return metrics.flatMap((metric) => {
    const value = values[metric];
    const cells = [
      <td
        key={metric}
        className={`${table.td} ${table.numeric}`}
        title={formatMetric(metric, value, currency)}
      >
        {formatMetricCompact(metric, value, currency)}
      </td>,
    ];
    if (compare) {
      const delta = formatChange(change?.[metric]);
      cells.push(
        <td key={`${metric}-change`} className={`${table.td} ${table.numeric}`}>
          <span className={changeClass(metric, delta.direction)}>{delta.text}</span>
        </td>,
      );
    }
    return cells;
  });
}

/** The report's page of rows: sortable headers, Δ % beside each metric when comparing, totals, paging. */
export function ReportTable({ query, report, errors, isBusy, commands }: TableProps) {
  const { metrics, groupBy, compare } = query;
  const currency = report.currency;
  const first = report.rowCount === 0 ? 0 : query.offset + 1;
  const last = query.offset + report.rows.length;
  return (
    <section aria-labelledby="report-table-title">
      <h2 id="report-table-title" className={styles.legend}>
        Breakdown
      </h2>
      {errors.sort || errors.order ? <p className={styles.error}>{errors.sort ?? errors.order}</p> : null}
      <div className={table.tableWrap}>
        <table
          className={table.table}
          aria-busy={isBusy}
          aria-labelledby="report-table-title"
          aria-describedby="report-range"
        >
          <thead>
            <tr>
              {groupBy.map((grouping) => (
                <SortHeader
                  key={grouping}
                  column={grouping}
                  label={GROUPING_LABELS[grouping]}
                  query={query}
                  numeric={false}
                  onSort={commands.toggleSort}
                />
              ))}
              {metrics.flatMap((metric) => [
                <SortHeader
                  key={metric}
                  column={metric}
                  label={METRIC_LABELS[metric]}
                  query={query}
                  numeric
                  onSort={commands.toggleSort}
                />,
                ...(compare
                  ? [
                      <th key={`${metric}-change`} scope="col" className={`${table.th} ${table.numeric}`}>
                        {METRIC_LABELS[metric]} Δ %
                      </th>,
                    ]
                  : []),
              ])}
            </tr>
          </thead>
          <tbody className={isBusy ? `${table.body} ${table.bodyStale}` : table.body}>
            {report.rows.map((row) => (
              <tr key={row.keys.map((key) => `${key.grouping}:${key.value}`).join('|')} className={table.row}>
                {row.keys.map((key) => (
                  <th key={key.grouping} scope="row" className={`${table.td} ${styles.keyCell}`}>
                    {key.label}
                  </th>
                ))}
                <MetricCells
                  metrics={metrics}
                  values={row.values}
                  change={row.change}
                  compare={compare}
                  currency={currency}
                />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.totalsRow}>
              <th scope="row" colSpan={groupBy.length} className={table.td}>
                Total
              </th>
              <MetricCells
                metrics={metrics}
                values={report.totals.values}
                change={report.totals.change}
                compare={compare}
                currency={currency}
              />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className={styles.pager}>
        <p id="report-range" className={styles.muted} aria-live="polite">
          Rows {first}–{last} of {report.rowCount}
        </p>
        <label className={styles.check}>
          Rows per page
          <select
            className={field.input}
            value={query.limit}
            onChange={(event) => commands.changePageSize(Number(event.target.value))}
          >
            {REPORT_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {errors.limit || errors.offset ? (
          <p className={styles.error}>{errors.limit ?? errors.offset}</p>
        ) : null}
        <nav aria-label="Pagination" className={table.pager}>
          <button
            type="button"
            className={table.stepButton}
            disabled={query.offset === 0}
            onClick={() => commands.changePage(Math.max(0, query.offset - query.limit))}
          >
            Previous
          </button>
          <button
            type="button"
            className={table.stepButton}
            disabled={query.offset + query.limit >= report.rowCount}
            onClick={() => commands.changePage(query.offset + query.limit)}
          >
            Next
          </button>
        </nav>
      </div>
    </section>
  );
}

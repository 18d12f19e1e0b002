import { useSession } from '@src/api/session';
import { Button } from '@src/ui/Button';
import { button } from '@src/ui/button.css';
import * as page from '@src/ui/page.css';
import { ReportChart } from './ReportChart';
import { ReportTable } from './ReportTable';
import { ReportToolbar } from './ReportToolbar';
import { formatDay } from './reportFormat';
import * as styles from './reports.css';
import { useReport } from './useReport';

/** Problems the toolbar shows next to a control; any other is said above the report. */
const TOOLBAR_PARAMS = [
  'from',
  'to',
  'groupBy',
  'metrics',
  'customer',
  'campaign',
  'platform',
  'status',
  'compare',
  'currency',
];

/** /reports: delivery across platforms, grouped, compared and charted; the URL is the report. */
export function ReportsView() {
  const { account } = useSession();
  const report = useReport();
  const { view } = report;
  const answer = view.report;
  const otherProblems = Object.entries(view.queryErrors).filter(([name]) => !TOOLBAR_PARAMS.includes(name));
  return (
    <div className={page.stack}>
      <header className={page.header}>
        <div className={page.headerText}>
          <h1 className={page.title}>Reports</h1>
          <p className={page.subtitle}>
            {account
              ? `What ${account.name}'s campaigns delivered on every platform.`
              : 'Delivery on every platform.'}
          </p>
        </div>
        <div className={page.actions}>
          {view.csvHref ? (
            // The server streams the file; the browser only follows the link.
            <a className={button.secondary} href={view.csvHref} download>
              Export CSV
            </a>
          ) : null}
        </div>
      </header>

      {view.query ? (
        <ReportToolbar
          query={view.query}
          preset={view.preset}
          range={view.range}
          today={report.today}
          errors={view.queryErrors}
          currencies={answer?.currencies ?? []}
          currency={answer?.currency ?? view.query.currency}
          commands={view}
        />
      ) : null}

      {view.phase === 'invalid' ? (
        <div role="alert">
          <p>The report cannot be shown with these settings: change the ones marked.</p>
          {otherProblems.length > 0 ? (
            <ul>
              {otherProblems.map(([name, message]) => (
                <li key={name}>
                  {name}: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {view.phase === 'failed' ? (
        <div role="alert">
          <p>{view.errorMessage}</p>
          <Button type="button" variant="secondary" onClick={view.retry}>
            Try again
          </Button>
        </div>
      ) : null}

      <div className={styles.summary} aria-live="polite">
        {view.phase === 'loading' && !answer ? <p className={styles.muted}>Loading the report…</p> : null}
        {answer && view.phase !== 'invalid' ? (
          <p className={styles.muted}>
            {answer.dataThrough
              ? `Data through ${formatDay(answer.dataThrough)}`
              : 'No delivery reported yet'}
            {answer.previousRange
              ? ` · compared with ${formatDay(answer.previousRange.from)} – ${formatDay(answer.previousRange.to)}`
              : ''}
          </p>
        ) : null}
      </div>

      {view.phase === 'empty' ? (
        <div role="status">
          <p>
            <strong>No delivery matches this report.</strong>
          </p>
          <p className={styles.muted}>
            Try a longer date range, remove a filter (customer, campaign, platform, status)
            {(answer?.currencies.length ?? 0) > 0 ? ', or switch the currency' : ''}. Campaigns report their
            delivery once they run on a connected platform.
          </p>
        </div>
      ) : null}

      {view.query &&
      view.chart &&
      (view.phase === 'shown' || (view.phase === 'loading' && answer?.rowCount)) ? (
        <ReportChart
          chart={view.chart}
          currency={view.series?.currency ?? answer?.currency ?? ''}
          metrics={view.query.metrics}
          metric={view.chartMetric}
          onMetricChange={view.changeChartMetric}
        />
      ) : null}

      {view.query && answer && answer.rowCount > 0 && (view.phase === 'shown' || view.phase === 'loading') ? (
        <ReportTable
          query={view.query}
          report={answer}
          errors={view.queryErrors}
          isBusy={view.isBusy}
          commands={view}
        />
      ) : null}
    </div>
  );
}

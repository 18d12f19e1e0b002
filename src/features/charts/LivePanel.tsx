import type { ChartsLiveView } from '@machines/chartsExplorer';
import { Button } from '@src/ui/Button';
import { Link } from 'react-router-dom';
import * as css from './charts.css';

/**
 * Live mode (issue 30): the charts the app runs now in this browser's other tabs, with their states; the
 * diagram fills the current states of the chart shown. `names` turns machine ids into chart names and titles.
 */
export function LivePanel({
  live,
  machine,
  names,
}: {
  live: ChartsLiveView;
  machine?: string;
  names: (machineId: string) => { name: string; title: string } | undefined;
}) {
  if (!live.isOn)
    return (
      <div className={css.toolbar}>
        <Button onClick={live.start}>Follow the running app</Button>
      </div>
    );
  const current = machine ? live.stateOf(machine) : null;
  return (
    <section className={css.panel} aria-labelledby="live-title">
      <h2 className={css.areaTitle} id="live-title">
        Live: the app in this browser’s other tabs
      </h2>
      <p className={css.note}>
        Open Flightplan in another tab and click through it: its charts show here as they run (reported in
        this browser only, no network).
      </p>
      {machine ? (
        <p aria-live="polite">
          This chart now: <strong data-testid="live-state">{current ?? 'not running'}</strong>
        </p>
      ) : null}
      {live.running.length === 0 ? (
        <p className={css.muted}>No chart is running in another tab yet.</p>
      ) : (
        <ul className={css.list} aria-label="Charts running now">
          {live.running.map((entry) => {
            const chart = names(entry.machine);
            return (
              <li key={entry.machine}>
                {chart ? <Link to={`/charts/${chart.name}?live`}>{chart.title}</Link> : entry.machine}:{' '}
                {entry.states.join(', ')}
              </li>
            );
          })}
        </ul>
      )}
      <Button onClick={live.stop}>Stop following</Button>
    </section>
  );
}

import { Button } from '@src/ui/Button';
import { Link } from 'react-router-dom';
import { LevelCell } from './Coverage';
import * as css from './charts.css';
import { LivePanel } from './LivePanel';
import { chartNamed } from './registry';
import { useChartsIndex } from './useChartsIndex';
import { useChartsLive } from './useChartsLive';

/**
 * /charts (issue 30, docs/charts-explorer.md): every chart of the product, by area, with the last test
 * run's coverage at machine, view and browser level; searchable.
 */
export function ChartsIndexView() {
  const view = useChartsIndex();
  const live = useChartsLive();
  if (view.phase === 'signedOut') return <SignInFirst />;
  return (
    <main className={css.page}>
      <ExplorerBar />
      <h1>Charts</h1>
      <p className={css.note}>
        Every flow of Flightplan is a statechart. Open one to see its diagram, what each state means, the
        generated test paths, and to simulate it.
      </p>
      <label>
        <span className={css.note}>Search the charts</span>
        <br />
        <input
          type="search"
          className={css.search}
          value={view.query}
          aria-label="Search the charts"
          placeholder="Name, title or description"
          onChange={(event) => view.search(event.currentTarget.value)}
        />
      </label>
      <p className={css.note} aria-live="polite">
        {view.shown === view.total ? `${view.total} charts` : `${view.shown} of ${view.total} charts`}
        {view.coverageNote
          ? ` · ${view.coverageNote}`
          : view.phase === 'loading'
            ? ' · Loading the coverage…'
            : ''}
      </p>
      <LivePanel live={live} names={chartNamed} />
      {view.error ? (
        <div role="alert">
          <p>The coverage could not be loaded: {view.error}</p>
          <Button onClick={view.retry}>Try again</Button>
        </div>
      ) : null}
      {view.groups.map((group) => (
        <section key={group.area} aria-labelledby={`area-${group.area}`}>
          <h2 className={css.areaTitle} id={`area-${group.area}`}>
            {group.area}
          </h2>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col">Chart</th>
                <th scope="col">States</th>
                <th scope="col">Transitions</th>
                <th scope="col">Machine</th>
                <th scope="col">View</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {group.charts.map((chart) => (
                <tr key={chart.name}>
                  <td>
                    <Link to={`/charts/${chart.name}`}>{chart.title}</Link>
                    <div className={css.muted}>{chart.description}</div>
                    {chart.change ? <div>Since the run before: {chart.change}</div> : null}
                  </td>
                  <td className={css.numeric}>{chart.states}</td>
                  <td className={css.numeric}>{chart.transitions}</td>
                  <td>
                    <LevelCell count={chart.coverage?.machine} label="by the machine paths" />
                  </td>
                  <td>
                    <LevelCell count={chart.coverage?.view} label="in the view" />
                  </td>
                  <td>
                    <LevelCell count={chart.coverage?.browser} label="in the browser" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {view.shown === 0 ? <p>No chart matches “{view.query}”.</p> : null}
    </main>
  );
}

export function ExplorerBar() {
  return (
    <nav className={css.topBar} aria-label="Charts explorer">
      <Link to="/">Flightplan</Link>
      <Link to="/charts">All charts</Link>
    </nav>
  );
}

export function SignInFirst() {
  return (
    <main className={css.page}>
      <h1>Charts</h1>
      <p>The charts are open to signed-in members.</p>
      <Link to={`/auth/login?returnUrl=${encodeURIComponent('/charts')}`}>Sign in</Link>
    </main>
  );
}

export default ChartsIndexView;

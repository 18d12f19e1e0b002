import type { Chart } from '@machines/chart';
import type {
  ChartModel,
  ChartPageView,
  TransitionCoverage,
  TransitionModel,
} from '@machines/chartsExplorer';
import { Button } from '@src/ui/Button';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ExplorerBar, SignInFirst } from './ChartsIndexView';
import * as css from './charts.css';
import { Diagram } from './Diagram';
import { downloadMarkdown, downloadPng, downloadSvg } from './exportChart';
import { LivePanel } from './LivePanel';
import { chartNamed, findChart, modelOf } from './registry';
import { SimulationPanel } from './SimulationPanel';
import { useChartPage } from './useChartPage';
import { useChartSimulation } from './useChartSimulation';
import { useChartsLive } from './useChartsLive';
import { useDiagramLayout } from './useDiagramLayout';

/**
 * /charts/:id (issue 30, docs/charts-explorer.md): one chart's diagram from its machine, its states and
 * transitions, the last test run's coverage on both, and the generated paths through what the reader clicks.
 */
export function ChartView() {
  const { id = '' } = useParams();
  const chart = findChart(id);
  if (!chart) {
    return (
      <main className={css.page}>
        <ExplorerBar />
        <h1>No chart named “{id}”</h1>
      </main>
    );
  }
  return <ChartPage key={chart.name} chart={chart} />;
}

function ChartPage({ chart }: { chart: Chart }) {
  const model = modelOf(chart);
  const view = useChartPage(chart);
  const simulation = useChartSimulation(chart);
  const svg = useRef<SVGSVGElement>(null);
  const diagram = useDiagramLayout(model);
  // Zoom: the whole diagram in the panel's width, or at its size with the panel scrolling.
  const [fit, setFit] = useState(false);
  const live = useChartsLive();
  const liveActive = live.activeOf(chart.machine.id);
  // The simulation's state, else the running app's (live mode).
  const current = simulation.current
    ? new Set(simulation.current.active)
    : liveActive
      ? new Set(liveActive)
      : undefined;
  if (view.phase === 'signedOut') return <SignInFirst />;
  const selected = view.selectedState?.id ?? view.selectedTransition?.key ?? null;
  return (
    <main className={css.page}>
      <ExplorerBar />
      <h1>{chart.title}</h1>
      <p>{chart.description || model.rootDescription}</p>
      <p className={css.note} aria-live="polite">
        {model.states.length} states, {model.transitions.length} transitions ·{' '}
        {view.phase === 'ready' && view.ranAt
          ? `coverage from the test run of ${new Date(view.ranAt).toUTCString()}`
          : view.phase === 'notRun'
            ? 'no test run has this chart yet (npm test or npm run test:paths)'
            : view.phase === 'failed'
              ? `the coverage could not be loaded: ${view.error}`
              : 'loading the coverage…'}
      </p>
      {view.change ? <p>Since the run before: {view.change}.</p> : null}
      {view.phase === 'failed' ? <Button onClick={view.retry}>Try again</Button> : null}
      <div className={css.toolbar}>
        <Button
          disabled={diagram.phase !== 'laidOut'}
          onClick={() => svg.current && downloadSvg(chart.name, svg.current)}
        >
          Download SVG
        </Button>
        <Button
          disabled={diagram.phase !== 'laidOut'}
          onClick={() => svg.current && void downloadPng(chart.name, svg.current)}
        >
          Download PNG
        </Button>
        <Button onClick={() => downloadMarkdown(chart, model)}>Download Markdown</Button>
        {simulation.isOn ? null : (
          <Button variant="primary" onClick={simulation.start}>
            Simulate
          </Button>
        )}
      </div>
      {simulation.isOn ? <SimulationPanel simulation={simulation} /> : null}
      <LivePanel live={live} machine={chart.machine.id} names={chartNamed} />
      <div className={css.layout}>
        <section className={css.panel} aria-label="Diagram">
          {diagram.phase === 'laidOut' ? (
            <>
              <div className={css.diagramTools}>
                <Button onClick={() => setFit(!fit)}>{fit ? 'Actual size' : 'Fit to the panel'}</Button>
              </div>
              <div className={css.diagramView}>
                <Diagram
                  ref={svg}
                  model={model}
                  layout={diagram.layout}
                  fit={fit}
                  title={chart.title}
                  selected={selected}
                  current={current}
                  coverageOf={view.coverageOf}
                  onSelectState={view.selectState}
                  onSelectTransition={view.selectTransition}
                />
              </div>
            </>
          ) : (
            <p className={css.note} role="status">
              {diagram.phase === 'layingOut'
                ? 'Laying out the diagram…'
                : `The diagram could not be laid out: ${diagram.error}`}
            </p>
          )}
          <p className={css.note}>
            Dashed red: never taken in the view or the browser in the last test run. Click a state or a
            transition for the paths through it.
          </p>
        </section>
        <aside className={css.panel} aria-label="Selection">
          <Selection view={view} model={model} />
        </aside>
      </div>
      <h2 className={css.areaTitle}>States</h2>
      <ul className={css.list}>
        {model.states.map((state) => (
          <li key={state.id} className={selected === state.id ? css.selected : undefined}>
            <span className={css.code}>{'· '.repeat(state.depth)}</span>
            <button type="button" className={css.linkButton} onClick={() => view.selectState(state.id)}>
              {state.path}
            </button>{' '}
            <span className={css.muted}>
              {state.type !== 'atomic'
                ? `(${state.type === 'history' ? `${state.history} history` : state.type}) `
                : ''}
              {state.initial ? '(initial) ' : ''}
            </span>
            {state.description}
            {state.invokes.length ? (
              <span className={css.muted}> — runs {state.invokes.join(', ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <h2 className={css.areaTitle}>Transitions</h2>
      <table className={css.table}>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Event</th>
            <th scope="col">Guard</th>
            <th scope="col">To</th>
            <th scope="col">Machine</th>
            <th scope="col">View</th>
            <th scope="col">Browser</th>
            <th scope="col">Since the run before</th>
          </tr>
        </thead>
        <tbody>
          {model.transitions.map((transition) => (
            <TransitionRow
              key={transition.key}
              transition={transition}
              model={model}
              coverage={view.coverageOf(transition.key)}
              selected={selected === transition.key}
              onSelect={() => view.selectTransition(transition.key)}
            />
          ))}
        </tbody>
      </table>
    </main>
  );
}

const pathOf = (model: ChartModel, id: string) =>
  model.states.find((state) => state.id === id)?.path ?? '(the whole chart)';

function TransitionRow({
  transition,
  model,
  coverage,
  selected,
  onSelect,
}: {
  transition: TransitionModel;
  model: ChartModel;
  coverage: TransitionCoverage | null;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <tr className={selected ? css.selected : undefined}>
      <td>{pathOf(model, transition.source)}</td>
      <td>
        <button type="button" className={css.linkButton} onClick={onSelect}>
          {transition.label}
        </button>
      </td>
      <td>{transition.guard ?? ''}</td>
      <td>
        {transition.targets.length ? transition.targets.map((id) => pathOf(model, id)).join(', ') : '(stays)'}
      </td>
      <LevelCells coverage={coverage} />
      <td className={css.muted}>{coverage?.change ?? ''}</td>
    </tr>
  );
}

function LevelCells({ coverage }: { coverage: TransitionCoverage | null }) {
  const cell = (taken: boolean | null | undefined, unreachable = false) =>
    taken === undefined ? (
      <td className={css.muted}>—</td>
    ) : taken === null ? (
      <td className={css.muted}>not run</td>
    ) : taken ? (
      <td>taken</td>
    ) : (
      <td className={css.gap}>{unreachable ? 'unreachable' : 'never taken'}</td>
    );
  return (
    <>
      {cell(coverage?.machine)}
      {cell(coverage?.view, coverage?.viewUnreachable)}
      {cell(coverage?.browser)}
    </>
  );
}

function Selection({ view, model }: { view: ChartPageView; model: ChartModel }) {
  const state = view.selectedState;
  const transition = view.selectedTransition;
  if (!state && !transition) return <p className={css.muted}>Click a state or a transition.</p>;
  const coverage = transition ? view.coverageOf(transition.key) : null;
  return (
    <div>
      <Button onClick={view.clear}>Clear the selection</Button>
      {state ? (
        <>
          <h2 className={css.areaTitle}>State {state.path}</h2>
          <p>{state.description || 'No description.'}</p>
          {state.invokes.length ? <p>Runs {state.invokes.join(', ')}.</p> : null}
        </>
      ) : null}
      {transition ? (
        <>
          <h2 className={css.areaTitle}>Transition {transition.label}</h2>
          <dl>
            <dt>From</dt>
            <dd>{pathOf(model, transition.source)}</dd>
            <dt>To</dt>
            <dd>
              {transition.targets.length
                ? transition.targets.map((id) => pathOf(model, id)).join(', ')
                : '(stays in its state)'}
            </dd>
            <dt>Event</dt>
            <dd className={css.code}>{transition.event}</dd>
            {transition.guard ? (
              <>
                <dt>Guard</dt>
                <dd>{transition.guard}</dd>
              </>
            ) : null}
            {transition.delay ? (
              <>
                <dt>Delay</dt>
                <dd>
                  {transition.delay.name}
                  {transition.delay.ms !== null ? ` (${transition.delay.ms} ms)` : ''}
                </dd>
              </>
            ) : null}
            {transition.invoke ? (
              <>
                <dt>Invoked work</dt>
                <dd>
                  {transition.invoke.id} ({transition.invoke.outcome})
                </dd>
              </>
            ) : null}
            {transition.actions.length ? (
              <>
                <dt>Actions</dt>
                <dd>{transition.actions.join(', ')}</dd>
              </>
            ) : null}
          </dl>
          <table className={css.table} aria-label="Coverage of this transition">
            <thead>
              <tr>
                <th scope="col">Machine</th>
                <th scope="col">View</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <LevelCells coverage={coverage} />
              </tr>
            </tbody>
          </table>
          {coverage?.change ? <p>Since the run before: {coverage.change}</p> : null}
        </>
      ) : null}
      <h3>
        {view.phase !== 'ready'
          ? 'Paths: no test run loaded'
          : `${view.pathCount} generated path${view.pathCount === 1 ? '' : 's'} ${state ? (view.pathCount === 1 ? 'reaches' : 'reach') : view.pathCount === 1 ? 'takes' : 'take'} it`}
      </h3>
      {view.paths.map((path) => (
        <details key={path.title} open={view.paths[0] === path}>
          <summary>
            {path.title} <span className={css.muted}>({path.result})</span>
          </summary>
          <ol>
            {path.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a path are its order
              <li key={index} className={`${css.step} ${step.marked ? css.stepTaking : ''}`}>
                <div className={css.code}>{step.event}</div>
                <div>
                  → <strong>{step.state}</strong>
                  {step.marked ? (
                    <span className={css.muted}> {state ? '(reached here)' : '(taken here)'}</span>
                  ) : null}
                </div>
                {step.expects.length ? (
                  <details>
                    <summary className={css.muted}>The oracle expects ({step.expects.length})</summary>
                    <pre className={css.pre}>{step.expects.join('\n')}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}

export default ChartView;

import type { ChartSimulationView } from '@machines/chartsExplorer';
import { Button } from '@src/ui/Button';
import * as css from './charts.css';

const KIND_NAMES = { event: 'Events', timer: 'Timers', outcome: 'Invoked work’s outcomes' } as const;

/**
 * The simulation (issue 30): the steps taken, the enabled sample events as buttons (timers and invoked
 * work's outcomes apart), the context and what connect() gives the view at the current step. The page's
 * URL is the simulated path: copying it shares it.
 */
export function SimulationPanel({ simulation }: { simulation: ChartSimulationView }) {
  const current = simulation.current;
  const kinds = (['event', 'timer', 'outcome'] as const).filter((kind) =>
    simulation.choices.some((choice) => choice.kind === kind),
  );
  return (
    <section className={css.panel} aria-labelledby="simulation-title">
      <h2 className={css.areaTitle} id="simulation-title">
        Simulation
      </h2>
      <p className={css.note}>
        The machine runs with the registry’s sample input; timers fire and invoked work settles only when you
        choose. The page’s address is this path: copy it to share it.
      </p>
      <div className={css.toolbar}>
        <Button onClick={simulation.back} disabled={!simulation.canGoBack}>
          Back
        </Button>
        <Button onClick={simulation.restart} disabled={!simulation.canGoBack}>
          Restart
        </Button>
        <Button onClick={simulation.stop}>Stop simulating</Button>
      </div>
      {simulation.problem ? <p role="alert">{simulation.problem}</p> : null}
      <ol aria-label="Simulated steps">
        {simulation.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a path, in order
          <li key={index} className={css.step}>
            <span className={css.code}>{step.event}</span> → <strong>{step.state}</strong>
            {step.status !== 'active' ? <span className={css.muted}> ({step.status})</span> : null}
          </li>
        ))}
      </ol>
      <p aria-live="polite">
        Current state: <strong data-testid="simulated-state">{current?.state}</strong>
        {current && current.status !== 'active' ? ` (${current.status})` : ''}
      </p>
      {kinds.length === 0 ? <p className={css.muted}>No event is enabled here.</p> : null}
      {kinds.map((kind) => (
        <div key={kind}>
          <h3>{KIND_NAMES[kind]}</h3>
          <div className={css.toolbar}>
            {simulation.choices
              .filter((choice) => choice.kind === kind)
              .map((choice) => (
                <Button key={choice.index} onClick={() => simulation.take(choice.index)}>
                  {choice.label}
                </Button>
              ))}
          </div>
        </div>
      ))}
      <div className={css.layout}>
        <div>
          <h3>Context</h3>
          <pre className={css.pre}>{JSON.stringify(current?.context, null, 2)}</pre>
        </div>
        <div>
          <h3>What connect() gives the view</h3>
          <pre className={css.pre}>
            {current?.view === undefined
              ? 'This chart does not name its connect() in the registry.'
              : JSON.stringify(current.view, null, 2)}
          </pre>
        </div>
      </div>
    </section>
  );
}

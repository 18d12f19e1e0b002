/**
 * The `chartSimulation` chart's generated paths, replayed on the real /charts/modalAction page opened from a
 * shared link with no step yet (`?simulate=`): the reader clicks the simulation's buttons.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { ChartSimulationContext } from '@machines/chartsExplorer';
import { simulate } from '@machines/chartsExplorer';
import { modalActionChart } from '@machines/modalAction/modalAction.chart';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { signedInPage } from '../support/fakeApi';
import { heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  user: ReturnType<typeof userEvent.setup>;
}

const EVENTS = modalActionChart.events as ReadonlyArray<{ type: string }>;
const panel = () => within(screen.getByRole('region', { name: 'Simulation' }));
const context = (step: { state: { context: unknown } }) => step.state.context as ChartSimulationContext;
/** The modal's states after the sample path's steps: found (3), Delete (0), the server's answer (7). */
const MODAL_STATES = ['loading', 'idle', 'submitting', 'succeeded'];

describeViewPathTests<PageView>({
  chart: getChart('chartSimulation'),
  async render() {
    // No test run has the chart: the coverage answers 404 (what is not answered here is).
    heldServer({ hold: () => false, answer: signedInPage() });
    renderApp('/charts/modalAction?simulate=');
    await screen.findByRole('heading', { name: /^Campaign and customer modals/, level: 1 });
    return { user: userEvent.setup({ delay: null }) };
  },
  events: {
    'simulate.start': ({ user }) => user.click(screen.getByRole('button', { name: 'Simulate' })),
    'simulate.take': ({ user }, { event }) => {
      const chosen = EVENTS[event.index as number]!;
      const buttons = panel()
        .getAllByRole('button')
        .filter((button) => button.textContent?.startsWith(chosen.type));
      return user.click(buttons[0]!);
    },
    'simulate.back': ({ user }) => user.click(panel().getByRole('button', { name: 'Back' })),
    'simulate.restart': ({ user }) => user.click(panel().getByRole('button', { name: 'Restart' })),
    'simulate.stop': ({ user }) => user.click(panel().getByRole('button', { name: 'Stop simulating' })),
  },
  // The simulation offers only the events the simulated modal takes: a step taking another is not a click.
  unproducible: [
    {
      because: 'the simulation offers a button only for an event the simulated machine takes there',
      step: (event, before) =>
        event.type === 'simulate.take' &&
        (!before.matches('on') ||
          !simulate(modalActionChart, (before.context as ChartSimulationContext).taken).enabled.includes(
            (event as unknown as { index: number }).index,
          )),
    },
  ],
  compareContext: (c: ChartSimulationContext) => c.taken,
  states: {
    off: async () => {
      expect(await screen.findByRole('button', { name: 'Simulate' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Simulation' })).toBeNull();
    },
    on: async (_view, step) => {
      const { taken } = context(step);
      const state = MODAL_STATES[taken.length]!;
      expect(await screen.findByTestId('simulated-state')).toHaveTextContent(state);
      expect(panel().getAllByRole('listitem')).toHaveLength(taken.length + 1);
      expect((panel().getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(
        taken.length === 0,
      );
      if (state === 'succeeded') expect(panel().getByText('No event is enabled here.')).toBeInTheDocument();
    },
  },
});

import { defineChart } from '../chart';
import { chartSimulationMachine } from './chartSimulation.machine';

/**
 * The sample simulates the delete-campaign modal (modalAction's registry entry): its events 3 (the campaign
 * found), 0 (Delete) and 7 (the server's answer) take it to `succeeded`. The page opens from a shared link
 * with no step taken yet (`?simulate=`).
 */
export const chartSimulationChart = defineChart({
  name: 'chartSimulation',
  title: 'Charts explorer: simulating a chart',
  machine: chartSimulationMachine,
  description: chartSimulationMachine.root.description ?? '',
  input: { taken: [], shared: true },
  events: [
    { type: 'simulate.start' },
    { type: 'simulate.take', index: 3 },
    { type: 'simulate.take', index: 0 },
    { type: 'simulate.take', index: 7 },
    { type: 'simulate.back' },
    { type: 'simulate.restart' },
    { type: 'simulate.stop' },
  ],
  // The taken events past three add nothing new to the explorer's states.
  abstractContext: (context) => ({ taken: context.taken.slice(0, 3), shared: context.shared }),
});

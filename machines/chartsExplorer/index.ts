export { areaOf, CHART_AREAS, type ChartArea } from './areas';
export { type ChartModel, chartModel, type StateModel, type TransitionModel } from './chartModel';
export {
  type ChartPageSnapshot,
  type ChartPageView,
  connectChartPage,
  type SelectedPath,
  type TransitionCoverage,
} from './chartPage.connect';
export {
  type ChartPageContext,
  type ChartPageEvent,
  type ChartPageMachine,
  type ChartSelection,
  chartPageMachine,
} from './chartPage.machine';
export {
  type ChartSimulationSnapshot,
  type ChartSimulationView,
  connectChartSimulation,
} from './chartSimulation.connect';
export {
  type ChartSimulationContext,
  type ChartSimulationEvent,
  type ChartSimulationMachine,
  chartSimulationMachine,
} from './chartSimulation.machine';
export {
  type ChartRow,
  type ChartsIndexSnapshot,
  type ChartsIndexView,
  connectChartsIndex,
  type LevelCount,
} from './chartsIndex.connect';
export {
  type ChartSummary,
  type ChartsIndexContext,
  type ChartsIndexEvent,
  type ChartsIndexMachine,
  chartsIndexMachine,
} from './chartsIndex.machine';
export { type ChartsLiveSnapshot, type ChartsLiveView, connectChartsLive } from './chartsLive.connect';
export {
  type ChartsLiveContext,
  type ChartsLiveEvent,
  type ChartsLiveMachine,
  chartsLiveMachine,
  type LiveReport,
} from './chartsLive.machine';
export { plain, type SimulatedStep, type Simulation, simulate } from './simulate';

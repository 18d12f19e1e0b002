import { getChart } from '@machines';
import { chartSimulationOracle } from '@tooling/charts/oracles/chartSimulation';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('chartSimulation'), { oracle: chartSimulationOracle });

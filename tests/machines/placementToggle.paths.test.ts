import { getChart } from '@machines';
import { placementToggleOracle } from '@tooling/charts/oracles/placementToggle';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('placementToggle'), { oracle: placementToggleOracle });

import { getChart } from '@machines';
import { chartPageOracle } from '@tooling/charts/oracles/chartPage';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('chartPage'), { oracle: chartPageOracle });

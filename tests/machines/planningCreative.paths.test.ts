import { getChart } from '@machines';
import { planningCreativeOracle } from '@tooling/charts/oracles/planningCreative';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningCreative'), { oracle: planningCreativeOracle });

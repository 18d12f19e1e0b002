import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningCreativeOracle } from './oracles/planningCreative';

describePathTests(getChart('planningCreative'), { oracle: planningCreativeOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningOverviewOracle } from './oracles/planningOverview';

describePathTests(getChart('planningOverview'), { oracle: planningOverviewOracle });

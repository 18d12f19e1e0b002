import { getChart } from '@machines';
import { planningOverviewOracle } from '@tooling/charts/oracles/planningOverview';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningOverview'), { oracle: planningOverviewOracle });

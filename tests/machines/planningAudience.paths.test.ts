import { getChart } from '@machines';
import { planningAudienceOracle } from '@tooling/charts/oracles/planningAudience';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningAudience'), { oracle: planningAudienceOracle });

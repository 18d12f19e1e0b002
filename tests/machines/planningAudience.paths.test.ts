import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningAudienceOracle } from './oracles/planningAudience';

describePathTests(getChart('planningAudience'), { oracle: planningAudienceOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningPlatformsOracle } from './oracles/planningPlatforms';

describePathTests(getChart('planningPlatforms'), { oracle: planningPlatformsOracle });

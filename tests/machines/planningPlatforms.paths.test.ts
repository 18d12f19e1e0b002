import { getChart } from '@machines';
import { planningPlatformsOracle } from '@tooling/charts/oracles/planningPlatforms';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningPlatforms'), { oracle: planningPlatformsOracle });

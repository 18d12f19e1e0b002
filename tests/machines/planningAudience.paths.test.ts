import { planningAudienceChart } from '../../machines/planningAudience/planningAudience.chart';
import { describePathTests } from '../paths/pathTests';
import { planningAudienceOracle } from './oracles/planningAudience';

// The chart joins the registry (machines/index.ts) at integration; until then it is imported directly.
describePathTests(planningAudienceChart, { oracle: planningAudienceOracle });

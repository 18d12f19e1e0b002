import { planningScheduleChart } from '../../machines/planningSchedule/planningSchedule.chart';
import { describePathTests } from '../paths/pathTests';
import { planningScheduleOracle } from './oracles/planningSchedule';

// The chart joins the registry (machines/index.ts) at integration; until then it is imported directly.
describePathTests(planningScheduleChart, { oracle: planningScheduleOracle });

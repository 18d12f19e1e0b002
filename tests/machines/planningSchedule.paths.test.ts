import { getChart } from '@machines';
import { planningScheduleOracle } from '@tooling/charts/oracles/planningSchedule';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningSchedule'), { oracle: planningScheduleOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningScheduleOracle } from './oracles/planningSchedule';

describePathTests(getChart('planningSchedule'), { oracle: planningScheduleOracle });

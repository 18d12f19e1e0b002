import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningPreflightOracle } from './oracles/planningPreflight';

describePathTests(getChart('planningPreflight'), { oracle: planningPreflightOracle });

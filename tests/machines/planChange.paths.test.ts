import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planChangeOracle } from './oracles/planChange';

describePathTests(getChart('planChange'), { oracle: planChangeOracle });

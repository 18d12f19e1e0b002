import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { sessionOracle } from './oracles/session';

describePathTests(getChart('session'), { oracle: sessionOracle });

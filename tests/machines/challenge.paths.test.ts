import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { challengeOracle } from './oracles/challenge';

describePathTests(getChart('challenge'), { oracle: challengeOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { trialGateOracle } from './oracles/trialGate';

describePathTests(getChart('trialGate'), { oracle: trialGateOracle });

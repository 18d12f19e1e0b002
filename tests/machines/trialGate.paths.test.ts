import { getChart } from '@machines';
import { trialGateOracle } from '@tooling/charts/oracles/trialGate';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('trialGate'), { oracle: trialGateOracle });

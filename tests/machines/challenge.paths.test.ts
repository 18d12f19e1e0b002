import { getChart } from '@machines';
import { challengeOracle } from '@tooling/charts/oracles/challenge';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('challenge'), { oracle: challengeOracle });

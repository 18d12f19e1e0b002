import { getChart } from '@machines';
import { sessionOracle } from '@tooling/charts/oracles/session';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('session'), { oracle: sessionOracle });

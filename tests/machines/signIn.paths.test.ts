import { getChart } from '@machines';
import { signInOracle } from '@tooling/charts/oracles/signIn';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('signIn'), { oracle: signInOracle });

import { getChart } from '@machines';
import { signUpOracle } from '@tooling/charts/oracles/signUp';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('signUp'), { oracle: signUpOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { signUpOracle } from './oracles/signUp';

describePathTests(getChart('signUp'), { oracle: signUpOracle });

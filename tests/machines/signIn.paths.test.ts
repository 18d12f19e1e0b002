import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { signInOracle } from './oracles/signIn';

describePathTests(getChart('signIn'), { oracle: signInOracle });

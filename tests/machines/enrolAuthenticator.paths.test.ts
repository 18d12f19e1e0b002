import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { enrolAuthenticatorOracle } from './oracles/enrolAuthenticator';

describePathTests(getChart('enrolAuthenticator'), { oracle: enrolAuthenticatorOracle });

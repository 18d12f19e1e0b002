import { getChart } from '@machines';
import { enrolAuthenticatorOracle } from '@tooling/charts/oracles/enrolAuthenticator';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('enrolAuthenticator'), { oracle: enrolAuthenticatorOracle });

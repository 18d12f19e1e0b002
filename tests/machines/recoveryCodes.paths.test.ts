import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { recoveryCodesOracle } from './oracles/recoveryCodes';

describePathTests(getChart('recoveryCodes'), { oracle: recoveryCodesOracle });

import { getChart } from '@machines';
import { recoveryCodesOracle } from '@tooling/charts/oracles/recoveryCodes';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('recoveryCodes'), { oracle: recoveryCodesOracle });

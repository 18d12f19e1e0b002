import { getChart } from '@machines';
import { securitySettingsOracle } from '@tooling/charts/oracles/securitySettings';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('securitySettings'), { oracle: securitySettingsOracle });

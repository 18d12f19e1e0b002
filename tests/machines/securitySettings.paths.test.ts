import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { securitySettingsOracle } from './oracles/securitySettings';

describePathTests(getChart('securitySettings'), { oracle: securitySettingsOracle });

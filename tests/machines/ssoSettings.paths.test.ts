import { getChart } from '@machines';
import { ssoSettingsOracle } from '@tooling/charts/oracles/ssoSettings';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('ssoSettings'), { oracle: ssoSettingsOracle });

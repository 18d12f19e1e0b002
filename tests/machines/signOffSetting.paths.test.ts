import { getChart } from '@machines';
import { signOffSettingOracle } from '@tooling/charts/oracles/signOffSetting';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('signOffSetting'), { oracle: signOffSettingOracle });

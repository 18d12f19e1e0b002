import { getChart } from '@machines';
import { pacingSettingsOracle } from '@tooling/charts/oracles/pacingSettings';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('pacingSettings'), { oracle: pacingSettingsOracle });

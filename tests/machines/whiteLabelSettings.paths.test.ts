import { getChart } from '@machines';
import { whiteLabelSettingsOracle } from '@tooling/charts/oracles/whiteLabelSettings';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('whiteLabelSettings'), { oracle: whiteLabelSettingsOracle });

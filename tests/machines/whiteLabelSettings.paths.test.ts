import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { whiteLabelSettingsOracle } from './oracles/whiteLabelSettings';

describePathTests(getChart('whiteLabelSettings'), { oracle: whiteLabelSettingsOracle });

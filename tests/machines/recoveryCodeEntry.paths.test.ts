import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { recoveryCodeEntryOracle } from './oracles/recoveryCodeEntry';

describePathTests(getChart('recoveryCodeEntry'), { oracle: recoveryCodeEntryOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { stepUpConfirmationOracle } from './oracles/stepUpConfirmation';

describePathTests(getChart('stepUpConfirmation'), { oracle: stepUpConfirmationOracle });

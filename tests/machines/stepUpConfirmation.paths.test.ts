import { getChart } from '@machines';
import { stepUpConfirmationOracle } from '@tooling/charts/oracles/stepUpConfirmation';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('stepUpConfirmation'), { oracle: stepUpConfirmationOracle });

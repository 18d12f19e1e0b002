import { getChart } from '@machines';
import { recoveryCodeEntryOracle } from '@tooling/charts/oracles/recoveryCodeEntry';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('recoveryCodeEntry'), { oracle: recoveryCodeEntryOracle });

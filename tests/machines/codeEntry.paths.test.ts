import { getChart } from '@machines';
import { codeEntryOracle } from '@tooling/charts/oracles/codeEntry';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('codeEntry'), { oracle: codeEntryOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { codeEntryOracle } from './oracles/codeEntry';

describePathTests(getChart('codeEntry'), { oracle: codeEntryOracle });

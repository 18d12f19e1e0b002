import { getChart } from '@machines';
import { describePathTests } from '../paths/pathTests';
import { planImportOracle } from './planImport.oracle';

describePathTests(getChart('planImport'), { oracle: planImportOracle });

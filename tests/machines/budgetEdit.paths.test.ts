import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { budgetEditOracle } from './oracles/budgetEdit';

describePathTests(getChart('budgetEdit'), { oracle: budgetEditOracle });

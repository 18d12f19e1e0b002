import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { budgetPacingOracle } from './oracles/budgetPacing';

describePathTests(getChart('budgetPacing'), { oracle: budgetPacingOracle });

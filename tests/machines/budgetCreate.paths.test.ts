import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { budgetCreateOracle } from './oracles/budgetCreate';

describePathTests(getChart('budgetCreate'), { oracle: budgetCreateOracle });

import { getChart } from '@machines';
import { budgetPacingOracle } from '@tooling/charts/oracles/budgetPacing';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('budgetPacing'), { oracle: budgetPacingOracle });

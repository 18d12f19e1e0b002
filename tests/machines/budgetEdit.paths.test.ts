import { getChart } from '@machines';
import { budgetEditOracle } from '@tooling/charts/oracles/budgetEdit';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('budgetEdit'), { oracle: budgetEditOracle });

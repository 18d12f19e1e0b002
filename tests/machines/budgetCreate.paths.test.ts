import { getChart } from '@machines';
import { budgetCreateOracle } from '@tooling/charts/oracles/budgetCreate';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('budgetCreate'), { oracle: budgetCreateOracle });

import { getChart } from '@machines';
import { planChangeOracle } from '@tooling/charts/oracles/planChange';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planChange'), { oracle: planChangeOracle });

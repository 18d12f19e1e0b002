import { getChart } from '@machines';
import { planningPreflightOracle } from '@tooling/charts/oracles/planningPreflight';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningPreflight'), { oracle: planningPreflightOracle });

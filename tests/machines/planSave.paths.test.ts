import { getChart } from '@machines';
import { planSaveOracle } from '@tooling/charts/oracles/planSave';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planSave'), { oracle: planSaveOracle });

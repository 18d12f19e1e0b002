import { getChart } from '@machines';
import { customerFormOracle } from '@tooling/charts/oracles/customerForm';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('customerForm'), { oracle: customerFormOracle });

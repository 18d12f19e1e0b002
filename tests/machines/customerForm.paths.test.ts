import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { customerFormOracle } from './oracles/customerForm';

describePathTests(getChart('customerForm'), { oracle: customerFormOracle });

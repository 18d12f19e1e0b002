import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { modalActionOracle } from './oracles/modalAction';

describePathTests(getChart('modalAction'), { oracle: modalActionOracle });

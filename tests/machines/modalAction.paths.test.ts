import { getChart } from '@machines';
import { modalActionOracle } from '@tooling/charts/oracles/modalAction';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('modalAction'), { oracle: modalActionOracle });

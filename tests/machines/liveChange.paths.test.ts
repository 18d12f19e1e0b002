import { getChart } from '@machines';
import { liveChangeOracle } from '@tooling/charts/oracles/liveChange';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('liveChange'), { oracle: liveChangeOracle });

import { getChart } from '@machines';
import { platformConnectionOracle } from '@tooling/charts/oracles/platformConnection';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('platformConnection'), { oracle: platformConnectionOracle });

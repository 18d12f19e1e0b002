import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { platformConnectionOracle } from './oracles/platformConnection';

describePathTests(getChart('platformConnection'), { oracle: platformConnectionOracle });

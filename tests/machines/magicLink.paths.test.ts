import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { magicLinkOracle } from './oracles/magicLink';

describePathTests(getChart('magicLink'), { oracle: magicLinkOracle });

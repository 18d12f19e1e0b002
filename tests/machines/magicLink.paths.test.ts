import { getChart } from '@machines';
import { magicLinkOracle } from '@tooling/charts/oracles/magicLink';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('magicLink'), { oracle: magicLinkOracle });

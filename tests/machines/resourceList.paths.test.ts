import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { resourceListOracle } from './oracles/resourceList';

describePathTests(getChart('resourceList'), { oracle: resourceListOracle });

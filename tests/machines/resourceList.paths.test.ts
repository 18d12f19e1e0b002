import { getChart } from '@machines';
import { resourceListOracle } from '@tooling/charts/oracles/resourceList';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('resourceList'), { oracle: resourceListOracle });

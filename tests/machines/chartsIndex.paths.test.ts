import { getChart } from '@machines';
import { chartsIndexOracle } from '@tooling/charts/oracles/chartsIndex';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('chartsIndex'), { oracle: chartsIndexOracle });

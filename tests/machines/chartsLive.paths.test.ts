import { getChart } from '@machines';
import { chartsLiveOracle } from '@tooling/charts/oracles/chartsLive';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('chartsLive'), { oracle: chartsLiveOracle });

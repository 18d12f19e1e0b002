import { getChart } from '@machines';
import { adAccountChoiceOracle } from '@tooling/charts/oracles/adAccountChoice';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('adAccountChoice'), { oracle: adAccountChoiceOracle });

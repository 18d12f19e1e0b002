import { getChart } from '@machines';
import { campaignProgressOracle } from '@tooling/charts/oracles/campaignProgress';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('campaignProgress'), { oracle: campaignProgressOracle });

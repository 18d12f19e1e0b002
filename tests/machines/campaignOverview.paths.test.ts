import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { campaignOverviewOracle } from './oracles/campaignOverview';

describePathTests(getChart('campaignOverview'), { oracle: campaignOverviewOracle });

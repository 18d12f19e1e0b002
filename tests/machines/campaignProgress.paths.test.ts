import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { campaignProgressOracle } from './oracles/campaignProgress';

describePathTests(getChart('campaignProgress'), { oracle: campaignProgressOracle });

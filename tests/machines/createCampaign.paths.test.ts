import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { createCampaignOracle } from './oracles/createCampaign';

describePathTests(getChart('createCampaign'), { oracle: createCampaignOracle });

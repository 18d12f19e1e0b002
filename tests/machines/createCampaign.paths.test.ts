import { getChart } from '@machines';
import { createCampaignOracle } from '@tooling/charts/oracles/createCampaign';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('createCampaign'), { oracle: createCampaignOracle });

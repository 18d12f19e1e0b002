import { getChart } from '@machines';
import { duplicateCampaignOracle } from '@tooling/charts/oracles/duplicateCampaign';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('duplicateCampaign'), { oracle: duplicateCampaignOracle });

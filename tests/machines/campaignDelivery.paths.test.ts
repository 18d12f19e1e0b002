import { getChart } from '@machines';
import { campaignDeliveryOracle } from '@tooling/charts/oracles/campaignDelivery';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('campaignDelivery'), { oracle: campaignDeliveryOracle });

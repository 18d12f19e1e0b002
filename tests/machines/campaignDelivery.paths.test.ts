import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { campaignDeliveryOracle } from './oracles/campaignDelivery';

describePathTests(getChart('campaignDelivery'), { oracle: campaignDeliveryOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { campaignLifecycleOracle } from './oracles/campaignLifecycle';

describePathTests(getChart('campaignLifecycle'), { oracle: campaignLifecycleOracle });

import { getChart } from '@machines';
import { campaignLifecycleOracle } from '@tooling/charts/oracles/campaignLifecycle';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('campaignLifecycle'), { oracle: campaignLifecycleOracle });

import { getChart } from '@machines';
import { placementLifecycleOracle } from '@tooling/charts/oracles/placementLifecycle';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('placementLifecycle'), { oracle: placementLifecycleOracle });

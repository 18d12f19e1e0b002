import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { placementLifecycleOracle } from './oracles/placementLifecycle';

describePathTests(getChart('placementLifecycle'), { oracle: placementLifecycleOracle });

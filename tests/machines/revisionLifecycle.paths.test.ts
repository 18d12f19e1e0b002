import { getChart } from '@machines';
import { revisionLifecycleOracle } from '@tooling/charts/oracles/revisionLifecycle';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('revisionLifecycle'), { oracle: revisionLifecycleOracle });

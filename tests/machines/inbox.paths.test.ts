import { getChart } from '@machines';
import { inboxOracle } from '@tooling/charts/oracles/inbox';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('inbox'), { oracle: inboxOracle });

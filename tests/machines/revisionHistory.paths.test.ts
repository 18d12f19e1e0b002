import { getChart } from '@machines';
import { revisionHistoryOracle } from '@tooling/charts/oracles/revisionHistory';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('revisionHistory'), { oracle: revisionHistoryOracle });

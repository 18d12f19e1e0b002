import { getChart } from '@machines';
import { revisionCompareOracle } from '@tooling/charts/oracles/revisionCompare';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('revisionCompare'), { oracle: revisionCompareOracle });

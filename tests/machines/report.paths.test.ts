import { getChart } from '@machines';
import { reportOracle } from '@tooling/charts/oracles/report';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('report'), { oracle: reportOracle });

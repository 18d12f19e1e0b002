import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { reportOracle } from './oracles/report';

describePathTests(getChart('report'), { oracle: reportOracle });

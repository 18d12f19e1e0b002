import { getChart } from '@machines';
import { signOffOracle } from '@tooling/charts/oracles/signOff';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('signOff'), { oracle: signOffOracle });

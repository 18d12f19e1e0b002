import { getChart } from '@machines';
import { teamManagementOracle } from '@tooling/charts/oracles/teamManagement';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('teamManagement'), { oracle: teamManagementOracle });

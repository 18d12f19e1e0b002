import { getChart } from '@machines';
import { customDomainsOracle } from '@tooling/charts/oracles/customDomains';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('customDomains'), { oracle: customDomainsOracle });

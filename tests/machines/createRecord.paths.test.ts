import { getChart } from '@machines';
import { createRecordOracle } from '@tooling/charts/oracles/createRecord';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('createRecord'), { oracle: createRecordOracle });

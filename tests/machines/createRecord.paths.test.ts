import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { createRecordOracle } from './oracles/createRecord';

describePathTests(getChart('createRecord'), { oracle: createRecordOracle });

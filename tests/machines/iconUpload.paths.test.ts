import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { iconUploadOracle } from './oracles/iconUpload';

describePathTests(getChart('iconUpload'), { oracle: iconUploadOracle });

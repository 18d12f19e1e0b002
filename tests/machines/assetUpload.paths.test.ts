import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { assetUploadOracle } from './oracles/assetUpload';

describePathTests(getChart('assetUpload'), { oracle: assetUploadOracle });

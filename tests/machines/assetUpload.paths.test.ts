import { getChart } from '@machines';
import { assetUploadOracle } from '@tooling/charts/oracles/assetUpload';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('assetUpload'), { oracle: assetUploadOracle });

import { getChart } from '@machines';
import { iconUploadOracle } from '@tooling/charts/oracles/iconUpload';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('iconUpload'), { oracle: iconUploadOracle });

import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { assetLibraryOracle } from './oracles/assetLibrary';

describePathTests(getChart('assetLibrary'), { oracle: assetLibraryOracle });

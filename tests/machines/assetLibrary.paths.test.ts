import { getChart } from '@machines';
import { assetLibraryOracle } from '@tooling/charts/oracles/assetLibrary';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('assetLibrary'), { oracle: assetLibraryOracle });

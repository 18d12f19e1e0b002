export {
  type AssetLibrarySnapshot,
  type AssetLibraryView,
  connectAssetLibrary,
} from './assetLibrary.connect';
export { type AssetLibraryMachine, assetLibraryMachine } from './assetLibrary.machine';
export * from './assetLibrary.types';

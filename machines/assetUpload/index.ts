export { type AssetUploadSnapshot, type AssetUploadView, connectAssetUpload } from './assetUpload.connect';
export {
  type AssetUploadMachine,
  assetUploadMachine,
  tooLargeMessage,
  type UploadAssetInput,
} from './assetUpload.machine';
export * from './assetUpload.types';

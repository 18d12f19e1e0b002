export { connectIconUpload, type IconUploadSnapshot, type IconUploadView } from './iconUpload.connect';
export {
  ICON_MAX_BYTES,
  ICON_SIZE_MESSAGE,
  ICON_TYPE_MESSAGE,
  ICON_TYPES,
  type IconUploadMachine,
  iconUploadMachine,
  isAcceptedIconSize,
  isAcceptedIconType,
} from './iconUpload.machine';
export * from './iconUpload.types';

import type { SnapshotFrom } from 'xstate';
import type { IconUploadMachine } from './iconUpload.machine';
import type { IconFile, IconUploadEvent } from './iconUpload.types';

export type IconUploadSnapshot = SnapshotFrom<IconUploadMachine>;

/** Everything the icon field shows, derived from the machine's snapshot. */
export interface IconUploadView {
  iconUrl: string | null;
  error: string | null;
  isUploading: boolean;
  isRemoving: boolean;
  isBusy: boolean;
  canRemove: boolean;
  /** Name of the file being uploaded (its local preview is shown meanwhile). */
  uploadingName: string | null;
  uploadLabel: string;
  selectFile: (file: IconFile) => void;
  /** “Remove icon”. */
  remove: () => void;
}

export function connectIconUpload(
  snapshot: IconUploadSnapshot,
  send: (event: IconUploadEvent) => void,
): IconUploadView {
  const { iconUrl, error, file } = snapshot.context;
  const isUploading = snapshot.matches('uploading');
  const isRemoving = snapshot.matches('removing');
  const isBusy = isUploading || isRemoving;
  return {
    selectFile: (file) => send({ type: 'file.select', file }),
    remove: () => send({ type: 'icon.remove' }),
    iconUrl,
    error: snapshot.matches('rejected') ? error : null,
    isUploading,
    isRemoving,
    isBusy,
    canRemove: iconUrl !== null && !isBusy,
    uploadingName: isUploading ? (file?.name ?? null) : null,
    uploadLabel: isUploading ? 'Uploading…' : iconUrl ? 'Replace icon' : 'Upload icon',
  };
}

import type { Asset } from '@contract/creative';
import type { SnapshotFrom } from 'xstate';
import type { AssetUploadMachine } from './assetUpload.machine';
import type { AssetUploadEvent, UploadFile } from './assetUpload.types';

export type AssetUploadSnapshot = SnapshotFrom<AssetUploadMachine>;

const ACCEPT = { image: 'image/png,image/jpeg,image/webp', video: 'video/mp4' } as const;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`
    : `${Math.ceil(bytes / 1024).toLocaleString('en')} KB`;

/** Everything the upload control shows, derived from the machine's snapshot. */
export interface AssetUploadView {
  phase: 'idle' | 'choosing' | 'uploading' | 'checking' | 'accepted' | 'refused';
  /** The file picker's filter (a hint: the server reads the content). */
  accept: string;
  busy: boolean;
  fileName: string | null;
  /** 0–100 while uploading. */
  percent: number;
  /** "1.2 MB of 4 MB", "Checking…". */
  progressLabel: string | null;
  asset: Asset | null;
  error: string | null;
  canCancel: boolean;
  canRetry: boolean;
  choose(): void;
  chooseCancelled(): void;
  select(file: UploadFile): void;
  cancel(): void;
  retry(): void;
}

export function connectAssetUpload(
  snapshot: AssetUploadSnapshot,
  send: (event: AssetUploadEvent) => void,
): AssetUploadView {
  const { context } = snapshot;
  const phase = snapshot.matches({ transfer: 'uploading' })
    ? 'uploading'
    : snapshot.matches({ transfer: 'checking' })
      ? 'checking'
      : (snapshot.value as AssetUploadView['phase']);
  const percent = context.total > 0 ? Math.min(100, Math.round((context.loaded / context.total) * 100)) : 0;
  return {
    phase,
    accept: ACCEPT[context.kind],
    busy: phase === 'uploading' || phase === 'checking',
    fileName: context.file?.name ?? null,
    percent: phase === 'checking' ? 100 : percent,
    progressLabel:
      phase === 'uploading'
        ? `${size(context.loaded)} of ${size(context.total)}`
        : phase === 'checking'
          ? 'Checking…'
          : null,
    asset: phase === 'accepted' ? context.asset : null,
    error: phase === 'refused' ? context.error : null,
    canCancel: phase === 'uploading',
    canRetry: snapshot.can({ type: 'upload.retry' }),
    choose: () => send({ type: 'upload.choose' }),
    chooseCancelled: () => send({ type: 'choose.cancel' }),
    select: (file) => send({ type: 'file.select', file }),
    cancel: () => send({ type: 'upload.cancel' }),
    retry: () => send({ type: 'upload.retry' }),
  };
}

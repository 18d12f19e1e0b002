import type { Asset, MediaKind } from '@contract/creative';
import { Button } from '@src/ui/Button';
import { useCallback, useId } from 'react';
import * as styles from './creativeStep.css';
import { useAssetUpload } from './useAssetUpload';

/**
 * “Upload image” / “Upload video” for one ad: the file picker (its kind only), a progress bar with Cancel,
 * “Checking…” while the server reads the file, and the refusal's reason in an alert with “Try again”.
 */
export function AssetUploadControl(props: {
  kind: MediaKind;
  adLabel: string;
  onAccepted(asset: Asset): void;
  disabled?: boolean;
}) {
  const view = useAssetUpload(props.kind, props.onAccepted);
  const id = useId();
  const { chooseCancelled } = view;
  // React has no onCancel for inputs: the picker closing without a file is a native `cancel` event.
  const listenForCancel = useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return;
      input.addEventListener('cancel', chooseCancelled);
      return () => input.removeEventListener('cancel', chooseCancelled);
    },
    [chooseCancelled],
  );
  const label = `Upload ${props.kind === 'image' ? 'image' : 'video'} for ${props.adLabel}`;
  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <label htmlFor={id} className={styles.muted}>
          {props.kind === 'image' ? 'Upload an image (PNG, JPEG, WebP)' : 'Upload a video (MP4)'}
        </label>
        <input
          id={id}
          type="file"
          accept={view.accept}
          aria-label={label}
          disabled={props.disabled || view.busy}
          onClick={view.choose}
          ref={listenForCancel}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file chosen twice must fire `change` again (a retry after fixing it elsewhere).
            event.currentTarget.value = '';
            if (file) view.select(file);
            else view.chooseCancelled();
          }}
        />
      </div>
      {view.busy ? (
        <div className={styles.row}>
          <progress
            className={styles.progress}
            max={100}
            value={view.percent}
            aria-label={`Uploading ${view.fileName ?? ''}`}
          />
          <span className={styles.muted} aria-live="polite">
            {view.progressLabel}
          </span>
          {view.canCancel ? (
            <Button variant="ghost" onClick={view.cancel}>
              Cancel upload
            </Button>
          ) : null}
        </div>
      ) : null}
      {view.error ? (
        <div className={styles.row}>
          <p className={styles.error} role="alert">
            {view.fileName ? `${view.fileName}: ` : ''}
            {view.error}
          </p>
          {view.canRetry ? (
            <Button variant="ghost" onClick={view.retry}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

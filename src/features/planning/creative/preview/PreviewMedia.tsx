import { type AdAsset, type AspectSpec, type Asset, cropUrl } from '@contract/creative';
import { type ReactNode, useCallback } from 'react';
import * as styles from './previewMedia.css';

/** `var(--x)` → `--x`, for CSSOM's setProperty. */
const propertyName = (cssVar: string) => cssVar.replace(/^var\((--[^,)]+).*$/, '$1');

function useAspectRatio(aspect: AspectSpec | undefined) {
  const ratio = aspect ? `${aspect.width} / ${aspect.height}` : null;
  return useCallback(
    (element: HTMLElement | null) => {
      if (element && ratio) element.style.setProperty(propertyName(styles.aspectRatio), ratio);
    },
    [ratio],
  );
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

function PlayIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * One picture of the ad as the placement draws it: an image cut by the server to the placement's ratio
 * around the planner's focal point (the very crop the platform gets), a video's poster with its length,
 * or a neutral block while no asset is chosen.
 */
export function PreviewMedia(props: {
  adAsset: AdAsset | undefined;
  asset: Asset | undefined;
  aspect: AspectSpec | undefined;
  /** The crop's width in pixels: twice the mock's, for sharp screens. */
  widthPx: number;
  expected: 'image' | 'video';
  /** Where a video's length goes: full-screen mocks keep the bottom for their texts. */
  durationAt?: keyof typeof styles.duration;
  className?: string;
}) {
  const { adAsset, asset, aspect } = props;
  const ref = useAspectRatio(aspect);
  const classes = [styles.frame, props.className].filter(Boolean).join(' ');
  let content: ReactNode;
  if (!adAsset || !asset) {
    content = <span className={styles.missing}>{props.expected === 'video' ? 'Video' : 'Image'}</span>;
  } else if (asset.kind === 'video') {
    content = (
      <>
        <img className={styles.image} src={asset.thumbnailUrl} alt={`${asset.name} (video)`} />
        <span className={styles.play}>
          <PlayIcon />
        </span>
        {asset.durationMs !== null && (
          <span className={styles.duration[props.durationAt ?? 'bottom']}>
            {formatDuration(asset.durationMs)}
          </span>
        )}
      </>
    );
  } else {
    const src = aspect
      ? cropUrl(asset.id, aspect.key, adAsset.focalX, adAsset.focalY, props.widthPx)
      : asset.thumbnailUrl;
    content = <img className={styles.image} src={src} alt={asset.name} />;
  }
  return (
    <span ref={ref} className={classes} data-aspect={aspect?.key}>
      {content}
    </span>
  );
}

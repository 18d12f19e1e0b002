import type { Asset } from '@contract/creative';
import type { CreativeAdView, PlanningCreativeView } from '@machines/planning/planningCreative';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import { useCallback } from 'react';
import { AssetLibraryButton, assetFacts } from './AssetLibraryDialog';
import { AssetUploadControl } from './AssetUploadControl';
import * as styles from './creativeStep.css';
import { FocalPointPicker } from './FocalPointPicker';

/**
 * An ad's pictures or video: each attached one with its thumbnail, its focal point (pictures), order and
 * Remove; then “Upload” and “Choose from library”. Nothing for a text-only format.
 */
export function AdAssets({ view, ad }: { view: PlanningCreativeView; ad: CreativeAdView }) {
  const { attachAsset } = view;
  const attach = useCallback((asset: Asset) => attachAsset(ad.key, asset), [attachAsset, ad.key]);
  const media = ad.media;
  if (!media) return null;
  const what = media.kind === 'image' ? (media.maxCount > 1 ? 'Images' : 'Image') : 'Video';
  return (
    <fieldset className={`${styles.group} ${styles.form}`}>
      <legend className={field.label}>{what}</legend>
      {ad.assets.length > 0 ? (
        <ol className={styles.assets} aria-label={`${ad.label} ${what.toLowerCase()}`}>
          {ad.assets.map((use) => {
            const name = use.asset?.name ?? 'Unknown asset';
            const label = `${ad.label} ${media.kind} ${use.index + 1}`;
            return (
              <li key={`${use.assetId}-${use.index}`} className={styles.asset}>
                {use.asset && use.asset.kind === 'image' ? (
                  <FocalPointPicker
                    asset={use.asset}
                    focalX={use.focalX}
                    focalY={use.focalY}
                    disabled={view.readOnly}
                    label={`Focal point of ${name} in ${ad.label}`}
                    onChange={(x, y) => view.focusAsset(ad.key, use.index, x, y)}
                  />
                ) : use.asset ? (
                  <img className={styles.thumbnail} src={use.asset.thumbnailUrl} alt={name} />
                ) : null}
                <p className={styles.muted}>
                  {name}
                  {use.asset ? ` · ${assetFacts(use.asset)}` : ''}
                </p>
                {use.error ? (
                  <p className={styles.error} role="alert" data-field-error>
                    {use.error}
                  </p>
                ) : null}
                {view.readOnly ? null : (
                  <div className={styles.row}>
                    {media.maxCount > 1 ? (
                      <>
                        <Button
                          variant="ghost"
                          disabled={use.index === 0}
                          onClick={() => view.moveAsset(ad.key, use.index, use.index - 1)}
                          aria-label={`Move ${label} earlier`}
                        >
                          Earlier
                        </Button>
                        <Button
                          variant="ghost"
                          disabled={use.index === ad.assets.length - 1}
                          onClick={() => view.moveAsset(ad.key, use.index, use.index + 1)}
                          aria-label={`Move ${label} later`}
                        >
                          Later
                        </Button>
                      </>
                    ) : null}
                    <Button
                      variant="ghost"
                      onClick={() => view.detachAsset(ad.key, use.index)}
                      aria-label={`Remove ${name} from ${ad.label}`}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className={styles.muted}>
          {media.minCount > 1
            ? `Add ${media.minCount} to ${media.maxCount} ${media.kind === 'image' ? 'images' : 'videos'}.`
            : `Add ${media.kind === 'image' ? 'an image' : 'a video'}.`}
        </p>
      )}
      {ad.errors.assets ? (
        <p className={styles.error} data-field-error>
          {ad.errors.assets}
        </p>
      ) : null}
      {view.readOnly ? null : (
        <>
          {/* A new kind is a new upload control: its chart takes the kind it accepts when it starts. */}
          <AssetUploadControl key={media.kind} kind={media.kind} adLabel={ad.label} onAccepted={attach} />
          <div>
            <AssetLibraryButton kind={media.kind} adLabel={ad.label} onChoose={attach} />
          </div>
        </>
      )}
    </fieldset>
  );
}

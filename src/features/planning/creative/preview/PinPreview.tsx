import { expectedMedia, type MockProps, mediaSlots } from './mockProps';
import { PreviewMedia } from './PreviewMedia';
import { Avatar, PreviewLine } from './PreviewText';
import * as styles from './pinPreview.css';
import { brandText, roleText } from './previewTexts';

/** Rendered at 236 px wide, Pinterest's column. */
const MEDIA_WIDTH_PX = 472;

/**
 * A promoted pin in Pinterest's home feed: the picture in a rounded 2:3 card (a carousel's first card with
 * its dots), the title cut with "…", and "Promoted by" the advertiser.
 */
export function PinPreview(props: MockProps) {
  const { ad, specs, format, placement } = props;
  const brand = brandText('pin', ad, format, specs, props.brandName);
  const title = roleText('pin', 'headline', ad, format, specs);
  const slots = mediaSlots(props);
  const first = slots[0];
  return (
    <div className={styles.pin} data-kind="pin">
      <PreviewMedia
        adAsset={first?.adAsset}
        asset={first?.asset}
        aspect={placement.aspects[0]}
        widthPx={MEDIA_WIDTH_PX}
        expected={expectedMedia(format)}
        className={styles.picture}
      />
      {slots.length > 1 && (
        <span className={styles.dots} aria-label={`Card 1 of ${slots.length}`} role="img">
          {slots.map((_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per card, in order
              key={index}
              className={styles.dot}
              data-current={index === 0 ? '' : undefined}
            />
          ))}
        </span>
      )}
      <PreviewLine value={title} cut="ellipsis" name="Title" className={styles.title} />
      <div className={styles.by}>
        <Avatar name={brand} className={styles.avatar} />
        <span className={styles.byTexts}>
          <span className={styles.promoted}>Promoted by</span>
          <span className={styles.brand}>{brand}</span>
        </span>
      </div>
    </div>
  );
}

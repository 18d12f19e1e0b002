import { CallToActionPill } from './CallToActionPill';
import { expectedMedia, type MockProps, mediaSlots } from './mockProps';
import { PreviewMedia } from './PreviewMedia';
import { Avatar, PreviewLine } from './PreviewText';
import { brandText, callToActionLabel, roleText } from './previewTexts';
import * as styles from './storyPreview.css';

const MEDIA_WIDTH_PX = 540;

function SwipeUpIcon() {
  return (
    <svg width="16" height="10" viewBox="0 0 16 10" aria-hidden="true" focusable="false">
      <path
        d="M1.5 8.5 8 2l6.5 6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * A Snapchat ad between Stories and in Spotlight: the media edge to edge, the brand name and headline at
 * the bottom, and the "swipe up" cue over the call to action.
 */
export function SpotlightPreview(props: MockProps) {
  const { ad, specs, format, placement } = props;
  const brand = brandText('spotlight', ad, format, specs, props.brandName);
  const headline = roleText('spotlight', 'headline', ad, format, specs);
  const slot = mediaSlots(props)[0];
  return (
    <div className={styles.phone} data-kind="spotlight">
      <PreviewMedia
        adAsset={slot?.adAsset}
        asset={slot?.asset}
        aspect={placement.aspects[0]}
        widthPx={MEDIA_WIDTH_PX}
        expected={expectedMedia(format)}
        durationAt="top"
      />
      <div className={styles.bottom}>
        <div className={styles.who}>
          <Avatar name={brand} className={styles.avatar} />
          <div>
            <span className={styles.brand}>{brand}</span>
            <PreviewLine value={headline} cut="ellipsis" name="Headline" className={styles.text} />
          </div>
        </div>
        <span className={styles.swipe}>
          <SwipeUpIcon />
          Swipe up
        </span>
        <CallToActionPill label={callToActionLabel(ad, specs)} />
      </div>
    </div>
  );
}

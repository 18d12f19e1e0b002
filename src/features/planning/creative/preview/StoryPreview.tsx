import { CallToActionPill } from './CallToActionPill';
import { expectedMedia, type MockProps, mediaSlots } from './mockProps';
import { PreviewMedia } from './PreviewMedia';
import { Avatar, PreviewLine } from './PreviewText';
import { brandText, callToActionLabel, roleText } from './previewTexts';
import * as styles from './storyPreview.css';

/** Rendered at 270 px wide. */
const MEDIA_WIDTH_PX = 540;

/**
 * A full-screen vertical ad between stories or videos (Instagram Stories, TikTok's For You feed): the
 * media edge to edge, the advertiser at the top, the ad's text over the bottom and the call to action.
 */
export function StoryPreview(props: MockProps) {
  const { ad, specs, format, placement } = props;
  const brand = brandText('story', ad, format, specs, props.brandName);
  const body = roleText('story', 'body', ad, format, specs);
  const headline = roleText('story', 'headline', ad, format, specs);
  const slot = mediaSlots(props)[0];
  return (
    <div className={styles.phone} data-kind="story">
      <PreviewMedia
        adAsset={slot?.adAsset}
        asset={slot?.asset}
        aspect={placement.aspects[0]}
        widthPx={MEDIA_WIDTH_PX}
        expected={expectedMedia(format)}
        durationAt="top"
      />
      <div className={styles.top}>
        <span className={styles.progress} />
        <div className={styles.who}>
          <Avatar name={brand} className={styles.avatar} />
          <span className={styles.brand}>{brand}</span>
          <span className={styles.sponsored}>Sponsored</span>
        </div>
      </div>
      <div className={styles.bottom}>
        <PreviewLine value={headline} cut="ellipsis" name="Headline" className={styles.headline} />
        <PreviewLine value={body} cut="seeMore" name="Text" size="long" className={styles.text} />
        <CallToActionPill label={callToActionLabel(ad, specs)} />
      </div>
    </div>
  );
}

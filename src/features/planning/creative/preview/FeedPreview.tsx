import * as styles from './feedPreview.css';
import { expectedMedia, linkHost, type MockProps, mediaSlots } from './mockProps';
import { PreviewMedia } from './PreviewMedia';
import { Avatar, PreviewLine } from './PreviewText';
import { brandText, callToActionLabel, roleText } from './previewTexts';

/** Rendered at 400 px: the crop is asked at twice that for sharp screens. */
const MEDIA_WIDTH_PX = 800;
const CAROUSEL_CARD_WIDTH_PX = 600;

function CallToAction({ label }: { label: string | null }) {
  if (label === null) return <span className={styles.ctaMissing} aria-hidden="true" />;
  return <span className={styles.cta}>{label}</span>;
}

/**
 * A post in a feed (Facebook, Instagram, LinkedIn) or a display ad (Google, Microsoft): the advertiser's
 * avatar and name, "Sponsored", the post's text cut with "… See more", the media (a carousel's cards
 * scroll sideways), and the link bar with the headline, the description and the call to action.
 */
export function FeedPreview(props: MockProps) {
  const { ad, specs, format, placement } = props;
  const brand = brandText('feed', ad, format, specs, props.brandName);
  const body = roleText('feed', 'body', ad, format, specs);
  const headline = roleText('feed', 'headline', ad, format, specs);
  const description = roleText('feed', 'description', ad, format, specs);
  const cta = callToActionLabel(ad, specs);
  const host = linkHost(ad);
  const slots = mediaSlots(props);
  const aspect = placement.aspects[0];
  const isCarousel = ad.format === 'carousel';

  // A carousel's cards are too narrow for the domain: Meta and LinkedIn leave it out there.
  const linkTexts = (
    <div className={styles.linkTexts}>
      {host && !isCarousel && <p className={styles.host}>{host}</p>}
      <PreviewLine value={headline} cut="ellipsis" name="Headline" className={styles.headline} />
      <PreviewLine
        value={description}
        cut="ellipsis"
        name="Description"
        size="short"
        className={styles.description}
      />
    </div>
  );

  return (
    <div className={styles.card} data-kind="feed">
      <div className={styles.header}>
        <Avatar name={brand} />
        <div className={styles.who}>
          <span className={styles.brand}>{brand}</span>
          <span className={styles.sponsored}>{specs.platform === 'linkedin' ? 'Promoted' : 'Sponsored'}</span>
        </div>
      </div>
      <PreviewLine value={body} cut="seeMore" name="Text" size="long" className={styles.body} />
      {isCarousel ? (
        <ul className={styles.carousel} aria-label="Carousel cards">
          {slots.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards are the ad's assets in order, one asset may repeat
            <li key={index} className={styles.carouselCard}>
              <PreviewMedia {...slot} aspect={aspect} widthPx={CAROUSEL_CARD_WIDTH_PX} expected="image" />
              <div className={styles.linkBar}>
                {linkTexts}
                <CallToAction label={cta} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        slots[0] && (
          <PreviewMedia
            {...slots[0]}
            aspect={aspect}
            widthPx={MEDIA_WIDTH_PX}
            expected={expectedMedia(format)}
          />
        )
      )}
      {!isCarousel && (
        <div className={styles.linkBar}>
          {linkTexts}
          <CallToAction label={cta} />
        </div>
      )}
    </div>
  );
}

import type { MockProps } from './mockProps';
import { Avatar, PreviewLine } from './PreviewText';
import type { PreviewText } from './previewTexts';
import { displayUrl, searchDescription, searchHeadline } from './searchAd';
import * as styles from './searchPreview.css';

const asLine = (text: string): PreviewText =>
  text ? { kind: 'text', text, truncated: false } : { kind: 'empty' };

/**
 * A responsive search ad on Google's or Bing's results page: "Sponsored", the advertiser with the display
 * URL (the landing page's host and the ad's display path), the headlines joined by " | ", the descriptions.
 */
export function SearchPreview(props: MockProps) {
  const { ad, specs, format } = props;
  const url = displayUrl(ad);
  const brand = props.brandName.trim();
  return (
    <div className={styles.result} data-kind="search">
      <p className={styles.sponsored}>Sponsored</p>
      <div className={styles.site}>
        <Avatar name={brand} className={styles.favicon} />
        <span className={styles.siteTexts}>
          <span className={styles.siteName}>{brand}</span>
          <PreviewLine
            as="span"
            value={url ? asLine(url) : { kind: 'empty' }}
            cut="ellipsis"
            name="Display URL"
            className={styles.url}
          />
        </span>
      </div>
      <PreviewLine
        as="h3"
        value={asLine(searchHeadline(ad, format, specs))}
        cut="ellipsis"
        name="Headlines"
        className={styles.headline}
      />
      <PreviewLine
        value={asLine(searchDescription(ad, format, specs))}
        cut="ellipsis"
        name="Descriptions"
        size="long"
        className={styles.description}
      />
    </div>
  );
}

import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, responsiveSearchAd, text } from './build';

/**
 * Google Ads. Responsive search ads: 3 to 15 headlines of at most 30 characters, 2 to 4 descriptions of
 * at most 90, two display-path fields of 15; double-width characters (Chinese, Japanese, Korean) count as
 * two. Responsive display ads: up to 5 headlines of 30, a long headline of 90, up to 5 descriptions of 90,
 * a business name of 25; landscape images 1.91:1 at least 600 × 314, square at least 300 × 300, up to 5 MB.
 */
export const googleCreative: CreativeSpecs = {
  platform: 'google',
  displayName: 'Google Ads',
  counting: 'graphemes_wide_double',
  formats: [
    responsiveSearchAd(),
    {
      key: 'single_image',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('headline', 'Headlines', 30, { count: [1, 5] }),
        text('longHeadline', 'Long headline', 90),
        text('description', 'Descriptions', 90, { count: [1, 5] }),
        text('businessName', 'Business name', 25),
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['display_landscape', 'display_square'],
    },
  ],
  placements: [
    { key: 'search', label: 'Search results', kind: 'search', aspects: [] },
    {
      key: 'display_landscape',
      label: 'Display (landscape)',
      kind: 'feed',
      aspects: [aspect('1.91:1', 600, 314)],
    },
    { key: 'display_square', label: 'Display (square)', kind: 'feed', aspects: [aspect('1:1', 300, 300)] },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 256 * 1024 * MB,
    minSeconds: 10,
    maxSeconds: 12 * 60 * 60,
    minWidth: 426,
    minHeight: 240,
  },
  callsToAction: [
    cta('AUTOMATED', 'Automated'),
    cta('LEARN_MORE', 'Learn more'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('GET_QUOTE', 'Get quote'),
    cta('APPLY_NOW', 'Apply now'),
    cta('BOOK_NOW', 'Book now'),
    cta('CONTACT_US', 'Contact us'),
    cta('DOWNLOAD', 'Download'),
  ],
  sources: [
    {
      title: 'Google Ads Help: About responsive search ads',
      url: 'https://support.google.com/google-ads/answer/7684791',
    },
    {
      title: 'Google Ads Help: About responsive display ads',
      url: 'https://support.google.com/google-ads/answer/6363750',
    },
    {
      title: 'Google Ads Help: Character limits for double-width languages',
      url: 'https://support.google.com/google-ads/answer/1704389',
    },
  ],
};

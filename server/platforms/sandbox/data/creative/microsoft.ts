import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, responsiveSearchAd, text } from './build';

/**
 * Microsoft Advertising. Responsive search ads as Google's: 3 to 15 headlines of 30, 2 to 4 descriptions
 * of 90, two paths of 15, double-width characters counted twice. Multimedia ads on the Microsoft Audience
 * Network: short headline 30, long headline 90, description 90, business name 25; landscape images
 * 1.91:1 at least 703 × 368, square at least 300 × 300.
 */
export const microsoftCreative: CreativeSpecs = {
  platform: 'microsoft',
  displayName: 'Microsoft Advertising',
  counting: 'graphemes_wide_double',
  formats: [
    responsiveSearchAd(),
    {
      key: 'single_image',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('headline', 'Short headline', 30),
        text('longHeadline', 'Long headline', 90),
        text('description', 'Description', 90),
        text('businessName', 'Business name', 25),
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['audience_landscape', 'audience_square'],
    },
  ],
  placements: [
    { key: 'search', label: 'Bing search results', kind: 'search', aspects: [] },
    {
      key: 'audience_landscape',
      label: 'Audience Network (landscape)',
      kind: 'feed',
      aspects: [aspect('1.91:1', 703, 368)],
    },
    {
      key: 'audience_square',
      label: 'Audience Network (square)',
      kind: 'feed',
      aspects: [aspect('1:1', 300, 300)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 1024 * MB,
    minSeconds: 6,
    maxSeconds: 60 * 60,
    minWidth: 640,
    minHeight: 360,
  },
  callsToAction: [
    cta('AUTOMATED', 'Automated'),
    cta('LEARN_MORE', 'Learn more'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('GET_QUOTE', 'Get quote'),
    cta('BOOK_NOW', 'Book now'),
    cta('CONTACT_US', 'Contact us'),
    cta('DOWNLOAD', 'Download'),
  ],
  sources: [
    {
      title: 'Microsoft Advertising Help: Responsive search ads',
      url: 'https://help.ads.microsoft.com/#apex/ads/en/60195/1',
    },
    {
      title: 'Microsoft Advertising Help: Multimedia ads specifications',
      url: 'https://help.ads.microsoft.com/#apex/ads/en/60235/1',
    },
  ],
};

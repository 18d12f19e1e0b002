import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, text } from './build';

/**
 * Meta (Facebook and Instagram). Primary text shows about 125 characters before "See more"; headlines
 * about 40 and descriptions about 30 before they are cut; Meta's own hard limits are 2,200 for the
 * primary text (Instagram's caption limit) and 255 for headline and description. Images JPG or PNG up to
 * 30 MB, at least 600 px wide; videos MP4 or MOV up to 4 GB, 1 second to 241 minutes; carousels 2 to 10 cards.
 */
export const metaCreative: CreativeSpecs = {
  platform: 'meta',
  displayName: 'Meta',
  counting: 'graphemes',
  formats: [
    {
      key: 'single_image',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('primaryText', 'Primary text', 2200, { truncateAt: 125, multiline: true }),
        text('headline', 'Headline', 255, { truncateAt: 40, count: [0, 1] }),
        text('description', 'Description', 255, { truncateAt: 30, count: [0, 1] }),
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['facebook_feed', 'instagram_feed', 'instagram_stories'],
    },
    {
      key: 'video',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('primaryText', 'Primary text', 2200, { truncateAt: 125, multiline: true }),
        text('headline', 'Headline', 255, { truncateAt: 40, count: [0, 1] }),
      ],
      media: { kind: 'video', minCount: 1, maxCount: 1 },
      placements: ['facebook_feed', 'instagram_feed', 'instagram_stories'],
    },
    {
      key: 'carousel',
      objectives: [1, 2, 3, 6],
      texts: [
        text('primaryText', 'Primary text', 2200, { truncateAt: 125, multiline: true }),
        text('headline', 'Headline', 255, { truncateAt: 40, count: [0, 1] }),
      ],
      media: { kind: 'image', minCount: 2, maxCount: 10 },
      placements: ['facebook_feed', 'instagram_feed'],
    },
  ],
  placements: [
    {
      key: 'facebook_feed',
      label: 'Facebook Feed',
      kind: 'feed',
      aspects: [aspect('1:1', 600, 600), aspect('4:5', 600, 750), aspect('1.91:1', 600, 314)],
    },
    {
      key: 'instagram_feed',
      label: 'Instagram Feed',
      kind: 'feed',
      aspects: [aspect('4:5', 600, 750), aspect('1:1', 600, 600)],
    },
    {
      key: 'instagram_stories',
      label: 'Instagram Stories',
      kind: 'story',
      aspects: [aspect('9:16', 500, 889)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 30 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 4096 * MB,
    minSeconds: 1,
    maxSeconds: 241 * 60,
    minWidth: 120,
    minHeight: 120,
  },
  callsToAction: [
    cta('LEARN_MORE', 'Learn more'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('BOOK_NOW', 'Book now'),
    cta('CONTACT_US', 'Contact us'),
    cta('DOWNLOAD', 'Download'),
    cta('GET_OFFER', 'Get offer'),
    cta('SUBSCRIBE', 'Subscribe'),
    cta('APPLY_NOW', 'Apply now'),
    cta('WATCH_MORE', 'Watch more'),
  ],
  sources: [
    {
      title: 'Meta Ads Guide: image ads, video ads, carousel ads',
      url: 'https://www.facebook.com/business/ads-guide',
    },
    {
      title: 'Meta Business Help Center: primary text and headline length',
      url: 'https://www.facebook.com/business/help/1240616332735281',
    },
  ],
};

import type { CreativeSpecs } from '@contract/creative';
import { aspect, cta, MB, text } from './build';

/**
 * Pinterest. Standard pins: title at most 100 characters (about the first 40 show in the feed),
 * description at most 500 (about the first 50 show); images PNG or JPEG up to 20 MB, 2:3 recommended
 * (1000 × 1500), square accepted. Video pins MP4 up to 2 GB, 4 seconds to 15 minutes. Carousels 2 to 5
 * images of 1:1 or 2:3.
 */
export const pinterestCreative: CreativeSpecs = {
  platform: 'pinterest',
  displayName: 'Pinterest',
  counting: 'graphemes',
  formats: [
    {
      key: 'single_image',
      objectives: [1, 2, 3, 5, 6],
      texts: [
        text('title', 'Title', 100, { truncateAt: 40 }),
        text('description', 'Description', 500, { truncateAt: 50, count: [0, 1], multiline: true }),
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['home_feed'],
    },
    {
      key: 'video',
      objectives: [1, 2, 3, 5, 6],
      texts: [
        text('title', 'Title', 100, { truncateAt: 40 }),
        text('description', 'Description', 500, { truncateAt: 50, count: [0, 1], multiline: true }),
      ],
      media: { kind: 'video', minCount: 1, maxCount: 1 },
      placements: ['home_feed'],
    },
    {
      key: 'carousel',
      objectives: [1, 2, 6],
      texts: [
        text('title', 'Title', 100, { truncateAt: 40 }),
        text('description', 'Description', 500, { truncateAt: 50, count: [0, 1], multiline: true }),
      ],
      media: { kind: 'image', minCount: 2, maxCount: 5 },
      placements: ['home_feed'],
    },
  ],
  placements: [
    {
      key: 'home_feed',
      label: 'Home feed',
      kind: 'pin',
      aspects: [aspect('2:3', 600, 900), aspect('1:1', 600, 600)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 20 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 2048 * MB,
    minSeconds: 4,
    maxSeconds: 15 * 60,
    minWidth: 240,
    minHeight: 240,
  },
  callsToAction: [
    cta('LEARN_MORE', 'Learn more'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('BOOK_NOW', 'Book now'),
    cta('GET_OFFER', 'Get offer'),
    cta('VISIT_SITE', 'Visit site'),
  ],
  sources: [
    {
      title: 'Pinterest Business Help: Standard pin ad specs',
      url: 'https://help.pinterest.com/en/business/article/pinterest-product-specs',
    },
  ],
};

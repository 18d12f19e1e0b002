import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, text } from './build';

/**
 * Snapchat. Single image or video Snap ads: brand name at most 25 characters and headline at most 34,
 * full-screen 9:16 at least 1080 × 1920; images JPG or PNG up to 5 MB; videos MP4 or MOV up to 1 GB,
 * 3 to 180 seconds.
 */
export const snapchatCreative: CreativeSpecs = {
  platform: 'snapchat',
  displayName: 'Snapchat',
  counting: 'graphemes',
  formats: [
    {
      key: 'single_image',
      objectives: ALL_OBJECTIVES,
      texts: [text('brandName', 'Brand name', 25), text('headline', 'Headline', 34)],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['snap_stories'],
    },
    {
      key: 'video',
      objectives: ALL_OBJECTIVES,
      texts: [text('brandName', 'Brand name', 25), text('headline', 'Headline', 34)],
      media: { kind: 'video', minCount: 1, maxCount: 1 },
      placements: ['snap_stories'],
    },
  ],
  placements: [
    {
      key: 'snap_stories',
      label: 'Between Stories and Spotlight',
      kind: 'spotlight',
      aspects: [aspect('9:16', 1080, 1920)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 1024 * MB,
    minSeconds: 3,
    maxSeconds: 180,
    minWidth: 1080,
    minHeight: 1920,
  },
  callsToAction: [
    cta('MORE', 'More'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('INSTALL_NOW', 'Install now'),
    cta('WATCH', 'Watch'),
    cta('BOOK_NOW', 'Book now'),
    cta('APPLY_NOW', 'Apply now'),
    cta('ORDER_NOW', 'Order now'),
  ],
  sources: [
    {
      title: 'Snapchat Business Help: Single image or video ad specs',
      url: 'https://businesshelp.snapchat.com/s/article/single-image-video-ad-specs',
    },
  ],
};

import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, text } from './build';

/**
 * TikTok. In-feed video ads: ad text 1 to 100 characters (TikTok counts an emoji as one, as we do),
 * vertical 9:16 preferred, square and horizontal accepted, at least 540 × 960 (or 640 × 640, 960 × 540),
 * MP4 or MOV up to 500 MB, 5 seconds to 10 minutes. Image ads run only on the app bundle placements:
 * 1.91:1, 1:1 or 9:16, JPG or PNG, up to 500 KB.
 */
export const tiktokCreative: CreativeSpecs = {
  platform: 'tiktok',
  displayName: 'TikTok',
  counting: 'graphemes',
  formats: [
    {
      key: 'video',
      objectives: ALL_OBJECTIVES,
      texts: [text('adText', 'Ad text', 100), text('displayName', 'Display name', 40, { min: 2 })],
      media: { kind: 'video', minCount: 1, maxCount: 1 },
      placements: ['for_you'],
    },
    {
      key: 'single_image',
      objectives: [1, 2, 5, 6],
      texts: [text('adText', 'Ad text', 100), text('displayName', 'Display name', 40, { min: 2 })],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['app_bundle'],
    },
  ],
  placements: [
    {
      key: 'for_you',
      label: 'For You feed',
      kind: 'story',
      aspects: [aspect('9:16', 540, 960), aspect('1:1', 640, 640), aspect('16:9', 960, 540)],
    },
    {
      key: 'app_bundle',
      label: 'Global App Bundle',
      kind: 'feed',
      aspects: [aspect('1.91:1', 1200, 628), aspect('1:1', 640, 640), aspect('9:16', 720, 1280)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 500 * 1024 },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 500 * MB,
    minSeconds: 5,
    maxSeconds: 10 * 60,
    minWidth: 540,
    minHeight: 540,
  },
  callsToAction: [
    cta('LEARN_MORE', 'Learn more'),
    cta('SHOP_NOW', 'Shop now'),
    cta('SIGN_UP', 'Sign up'),
    cta('DOWNLOAD', 'Download'),
    cta('CONTACT_US', 'Contact us'),
    cta('APPLY_NOW', 'Apply now'),
    cta('BOOK_NOW', 'Book now'),
    cta('ORDER_NOW', 'Order now'),
    cta('WATCH_NOW', 'Watch now'),
  ],
  sources: [
    {
      title: 'TikTok Ads Manager Help: Video ad specifications',
      url: 'https://ads.tiktok.com/help/article/video-ads-specifications',
    },
    {
      title: 'TikTok Ads Manager Help: Image ad specifications',
      url: 'https://ads.tiktok.com/help/article/image-ads-specifications',
    },
  ],
};

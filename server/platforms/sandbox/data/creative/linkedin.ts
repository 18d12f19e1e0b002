import type { CreativeSpecs } from '@contract/creative';
import { ALL_OBJECTIVES, aspect, cta, MB, text } from './build';

/**
 * LinkedIn. Single image ads: introductory text at most 600 characters with about 150 shown before
 * "see more", headline at most 200 with about 70 shown; images JPG or PNG up to 5 MB, 1.91:1 at least
 * 640 × 335 or 1:1 at least 360 × 360. Video ads: MP4, 75 KB to 200 MB, 3 seconds to 30 minutes,
 * 360p to 1080p. Carousel ads: 2 to 10 cards 1:1 at least 1080 × 1080 (10 MB), introduction of 255.
 */
export const linkedinCreative: CreativeSpecs = {
  platform: 'linkedin',
  displayName: 'LinkedIn',
  counting: 'graphemes',
  formats: [
    {
      key: 'single_image',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('introText', 'Introductory text', 600, { truncateAt: 150, multiline: true }),
        text('headline', 'Headline', 200, { truncateAt: 70 }),
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['linkedin_feed'],
    },
    {
      key: 'video',
      objectives: ALL_OBJECTIVES,
      texts: [
        text('introText', 'Introductory text', 600, { truncateAt: 150, multiline: true }),
        text('headline', 'Headline', 200, { truncateAt: 70, count: [0, 1] }),
      ],
      media: { kind: 'video', minCount: 1, maxCount: 1 },
      placements: ['linkedin_feed'],
    },
    {
      key: 'carousel',
      objectives: [1, 2, 3, 4],
      texts: [text('introText', 'Introductory text', 255, { truncateAt: 150, multiline: true })],
      media: { kind: 'image', minCount: 2, maxCount: 10 },
      placements: ['linkedin_carousel'],
    },
  ],
  placements: [
    {
      key: 'linkedin_feed',
      label: 'LinkedIn feed',
      kind: 'feed',
      aspects: [aspect('1.91:1', 640, 335), aspect('1:1', 360, 360)],
    },
    {
      key: 'linkedin_carousel',
      label: 'LinkedIn feed (carousel)',
      kind: 'feed',
      aspects: [aspect('1:1', 1080, 1080)],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 200 * MB,
    minSeconds: 3,
    maxSeconds: 30 * 60,
    minWidth: 640,
    minHeight: 360,
  },
  callsToAction: [
    cta('LEARN_MORE', 'Learn more'),
    cta('APPLY', 'Apply'),
    cta('DOWNLOAD', 'Download'),
    cta('VIEW_QUOTE', 'View quote'),
    cta('SIGN_UP', 'Sign up'),
    cta('SUBSCRIBE', 'Subscribe'),
    cta('REGISTER', 'Register'),
    cta('JOIN', 'Join'),
    cta('ATTEND', 'Attend'),
    cta('REQUEST_DEMO', 'Request demo'),
  ],
  sources: [
    {
      title: 'LinkedIn Marketing Solutions Help: Single image ads specifications',
      url: 'https://www.linkedin.com/help/lms/answer/a426534',
    },
    {
      title: 'LinkedIn Marketing Solutions Help: Video ads specifications',
      url: 'https://www.linkedin.com/help/lms/answer/a424737',
    },
    {
      title: 'LinkedIn Marketing Solutions Help: Carousel ads specifications',
      url: 'https://www.linkedin.com/help/lms/answer/a427035',
    },
  ],
};

import type { Asset } from '../../contract/creative';
import type { Plan } from '../../contract/planning';
import { SAMPLE_PLAN } from '../planningAudience/planningAudience.samples';

/**
 * Samples for the creative chart's diagram and path tests: a square picture big enough for every
 * placement of the sample specs, and the sample plan saved with one complete ad per platform.
 */

export const SAMPLE_IMAGE: Asset = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'image',
  mimeType: 'image/png',
  name: 'spring.png',
  byteSize: 240_000,
  width: 1200,
  height: 1200,
  durationMs: null,
  createdAt: '2099-01-20T10:00:00.000Z',
  thumbnailUrl: '/api/assets/00000000-0000-4000-8000-0000000000e1/thumbnail',
  fileUrl: '/api/assets/00000000-0000-4000-8000-0000000000e1/file',
};

/** A picture too small for the sample specs' feed (600 × 600 at 1:1). */
export const SAMPLE_SMALL_IMAGE: Asset = {
  ...SAMPLE_IMAGE,
  id: '00000000-0000-4000-8000-0000000000e2',
  name: 'icon.png',
  width: 300,
  height: 300,
  thumbnailUrl: '/api/assets/00000000-0000-4000-8000-0000000000e2/thumbnail',
  fileUrl: '/api/assets/00000000-0000-4000-8000-0000000000e2/file',
};

const savedAd = (id: string, platform: string, name: string) => ({
  id,
  platform,
  name,
  format: 'single_image',
  texts: { primaryText: ['Spring is here: new colours in store.'], headline: [] },
  assets: [{ assetId: SAMPLE_IMAGE.id, focalX: 0.5, focalY: 0.5 }],
  destinationUrl: 'https://example.com/spring',
  utm: { source: platform, medium: 'paid_social', campaign: 'spring_launch', content: 'spring' },
  callToAction: 'LEARN_MORE',
});

export const SAMPLE_CREATIVE_PLAN: Plan = {
  ...SAMPLE_PLAN,
  campaign: { ...SAMPLE_PLAN.campaign, version: 4 },
  editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'],
  ads: [
    savedAd('00000000-0000-4000-8000-0000000000d1', 'meta', 'Meta ad 1'),
    savedAd('00000000-0000-4000-8000-0000000000d2', 'tiktok', 'TikTok ad 1'),
  ],
  assets: [SAMPLE_IMAGE],
};

export const SAMPLE_LIVE_CREATIVE_PLAN: Plan = {
  ...SAMPLE_CREATIVE_PLAN,
  campaign: { ...SAMPLE_CREATIVE_PLAN.campaign, status: 'active', version: 5 },
  editableSteps: ['overview'],
};

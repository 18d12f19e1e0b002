import type { Asset, CreativeSpecs } from '@contract/creative';
import type { Plan, RulesByPlatform } from '@contract/planning';
import { SAMPLE_PLAN, SAMPLE_RULES } from '../planningAudience/planningAudience.samples';
import { SAMPLE_IMAGE, sampleAd } from '../planningWizard/planningWizard.samples';

export { SAMPLE_IMAGE };

/**
 * Samples for the creative chart's diagram and path tests: a picture too small for the feed, and the
 * sample plan with one complete ad per platform (as opened, and as saved again).
 */

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

export const SAMPLE_CREATIVE_PLAN: Plan = {
  ...SAMPLE_PLAN,
  campaign: { ...SAMPLE_PLAN.campaign, version: 4 },
  editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'],
  ads: [
    sampleAd('00000000-0000-4000-8000-0000000000d1', 'meta', 'Meta ad 1'),
    sampleAd('00000000-0000-4000-8000-0000000000d2', 'tiktok', 'TikTok ad 1'),
  ],
  assets: [SAMPLE_IMAGE],
};

/** The chart's input: the plan as saved before (version 3), one complete ad per platform. */
export const SAMPLE_OPENING_PLAN: Plan = {
  ...SAMPLE_CREATIVE_PLAN,
  campaign: { ...SAMPLE_CREATIVE_PLAN.campaign, version: 3 },
};

export const SAMPLE_LIVE_CREATIVE_PLAN: Plan = {
  ...SAMPLE_CREATIVE_PLAN,
  campaign: { ...SAMPLE_CREATIVE_PLAN.campaign, status: 'active', version: 5 },
  editableSteps: ['overview'],
};

const meta = SAMPLE_RULES.meta!;
const [single] = meta.creative.formats;

/**
 * The sample rules with Meta's ads richer: up to three descriptions (a field of several entries, as a
 * search ad's headlines) and a carousel of two to ten pictures (assets in an order).
 */
const metaCreative: CreativeSpecs = {
  ...meta.creative,
  formats: [
    {
      ...single!,
      texts: [
        ...single!.texts,
        {
          key: 'description',
          label: 'Description',
          minCount: 0,
          maxCount: 3,
          minLength: 1,
          maxLength: 90,
          truncateAt: null,
          multiline: false,
        },
      ],
    },
    {
      ...single!,
      key: 'carousel',
      media: { kind: 'image', minCount: 2, maxCount: 10 },
      placements: ['feed'],
    },
  ],
};

export const SAMPLE_CREATIVE_RULES: RulesByPlatform = {
  ...SAMPLE_RULES,
  meta: { ...meta, creative: metaCreative },
};

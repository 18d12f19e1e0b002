import { defineChart } from '../../chart';
import { SAMPLE_TODAY } from '../planningAudience/planningAudience.samples';
import { planningCreativeMachine } from './planningCreative.machine';
import {
  SAMPLE_CREATIVE_PLAN,
  SAMPLE_CREATIVE_RULES,
  SAMPLE_IMAGE,
  SAMPLE_LIVE_CREATIVE_PLAN,
  SAMPLE_OPENING_PLAN,
  SAMPLE_SMALL_IMAGE,
} from './planningCreative.samples';
import type { PlanningCreativeContext } from './planningCreative.types';
import { creativeIssues, visibleCreativeErrors } from './planningCreative.values';

/** Whether the ads pass, whether messages show, how many ads and entries: enough to tell the steps apart. */
const summarize = (context: PlanningCreativeContext) => ({
  readOnly: context.readOnly,
  valid: Object.keys(creativeIssues(context)).length === 0,
  shown: Object.keys(visibleCreativeErrors(context)).length > 0,
  ads: Math.min(context.ads.length, 3),
  // Enough of the first ad's lists for a second entry or a second picture to be told apart.
  format: context.ads[0]?.format,
  descriptions: Math.min(context.ads[0]?.texts.description?.length ?? 0, 2),
  pictures: Math.min(context.ads[0]?.assets.length ?? 0, 2),
  version: context.plan?.campaign.version ?? null,
});

const [META, TIKTOK] = SAMPLE_OPENING_PLAN.ads.map((ad) => ad.id) as [string, string];
const text = (key: string, field: string, value: string) =>
  ({ type: 'text.change', key, field, index: 0, value }) as const;

export const planningCreativeChart = defineChart({
  name: 'planningCreative',
  title: 'Planning wizard: the creative step',
  machine: planningCreativeMachine,
  description: planningCreativeMachine.root.description ?? '',
  input: {
    plan: SAMPLE_OPENING_PLAN,
    rules: SAMPLE_CREATIVE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
  },
  abstractContext: summarize,
  events: [
    { type: 'ad.add', platform: 'meta' },
    { type: 'ad.remove', key: TIKTOK },
    { type: 'ad.change', key: META, field: 'name', value: 'Spring feed' },
    { type: 'ad.change', key: META, field: 'destinationUrl', value: 'https://example.com/spring' },
    { type: 'ad.change', key: TIKTOK, field: 'destinationUrl', value: 'https://example.com/spring' },
    { type: 'ad.change', key: META, field: 'destinationUrl', value: 'http://example.com/spring' },
    { type: 'ad.change', key: META, field: 'callToAction', value: 'SHOP_NOW' },
    { type: 'ad.format', key: META, format: 'carousel' },
    { type: 'ad.format', key: META, format: 'single_image' },
    text(META, 'primaryText', 'Spring is here: new colours in store.'),
    text(TIKTOK, 'primaryText', 'Spring is here: new colours in store.'),
    text(META, 'primaryText', `${'Spring is here. '.repeat(8)}`),
    text(META, 'primaryText', 'x'.repeat(201)),
    text(META, 'headline', 'New colours'),
    { type: 'text.add', key: META, field: 'description' },
    { type: 'text.remove', key: META, field: 'description', index: 1 },
    { type: 'asset.attach', key: META, asset: SAMPLE_IMAGE },
    { type: 'asset.attach', key: TIKTOK, asset: SAMPLE_IMAGE },
    { type: 'asset.attach', key: META, asset: SAMPLE_SMALL_IMAGE },
    { type: 'asset.detach', key: META, index: 0 },
    { type: 'asset.move', key: META, index: 1, to: 0 },
    { type: 'asset.focus', key: META, index: 0, focalX: 0.25, focalY: 0.75 },
    {
      type: 'utm.change',
      key: META,
      utm: { source: 'facebook', medium: 'paid_social', campaign: 'spring', content: 'feed' },
    },
    { type: 'utm.change', key: META, utm: null },
    { type: 'step.showErrors' },
    { type: 'step.serverErrors', errors: { 'ads.0.destinationUrl': 'That page does not answer' } },
    { type: 'step.saved', plan: SAMPLE_CREATIVE_PLAN },
    { type: 'step.reset', plan: SAMPLE_CREATIVE_PLAN },
    { type: 'step.reset', plan: SAMPLE_LIVE_CREATIVE_PLAN },
  ],
});

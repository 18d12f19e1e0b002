import type { Asset, CreativeSpecs } from '@contract/creative';
import type { Plan, PlatformRules, RulesByPlatform } from '@contract/planning';

/**
 * Sample data for the planning charts' diagrams and generated path tests (machines/ cannot import the
 * tests' fixtures): two platforms, a plan with only its overview, and a complete one.
 */

export const SAMPLE_TODAY = '2099-01-10';
export const SAMPLE_CAMPAIGN_ID = '00000000-0000-4000-8000-0000000000c1';

/** A platform's creative specs, shaped like the sandbox's (one image format, a feed and a story). */
export const sampleCreativeSpecs = (key: string, displayName: string): CreativeSpecs => ({
  platform: key,
  displayName,
  counting: 'graphemes',
  formats: [
    {
      key: 'single_image',
      objectives: [1, 2, 3, 4, 5, 6],
      texts: [
        {
          key: 'primaryText',
          label: 'Primary text',
          minCount: 1,
          maxCount: 1,
          minLength: 1,
          maxLength: 200,
          truncateAt: 125,
          multiline: true,
        },
        {
          key: 'headline',
          label: 'Headline',
          minCount: 0,
          maxCount: 1,
          minLength: 1,
          maxLength: 60,
          truncateAt: 40,
          multiline: false,
        },
      ],
      media: { kind: 'image', minCount: 1, maxCount: 1 },
      placements: ['feed', 'stories'],
    },
  ],
  placements: [
    {
      key: 'feed',
      label: 'Feed',
      kind: 'feed',
      aspects: [{ key: '1:1', width: 1, height: 1, minWidth: 600, minHeight: 600 }],
    },
    {
      key: 'stories',
      label: 'Stories',
      kind: 'story',
      aspects: [{ key: '9:16', width: 9, height: 16, minWidth: 500, minHeight: 889 }],
    },
  ],
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 30 * 1024 * 1024 },
  video: {
    mimeTypes: ['video/mp4'],
    maxBytes: 500 * 1024 * 1024,
    minSeconds: 1,
    maxSeconds: 600,
    minWidth: 120,
    minHeight: 120,
  },
  callsToAction: [
    { key: 'LEARN_MORE', label: 'Learn more' },
    { key: 'SHOP_NOW', label: 'Shop now' },
  ],
  sources: [],
});

/** A square picture big enough for every placement of the sample specs. */
export const SAMPLE_IMAGE: Asset = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'image',
  mimeType: 'image/png',
  name: 'spring.png',
  byteSize: 240_000,
  width: 1200,
  height: 1200,
  durationMs: null,
  createdAt: '2099-01-05T10:00:00.000Z',
  thumbnailUrl: '/api/assets/00000000-0000-4000-8000-0000000000e1/thumbnail',
  fileUrl: '/api/assets/00000000-0000-4000-8000-0000000000e1/file',
};

/** A complete single-image ad for `platform` on the sample specs, using SAMPLE_IMAGE. */
export const sampleAd = (id: string, platform: string, name: string) => ({
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

const rule = (key: string, displayName: string, extra: Partial<PlatformRules> = {}): PlatformRules => ({
  key,
  displayName,
  objectives: [1, 2, 3, 4, 5, 6],
  minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
  bidStrategies: ['lowest_cost', 'cost_cap'],
  minAge: 13,
  minAgeByObjective: { '4': 18 },
  maxInterests: 10,
  minAudienceSize: 1000,
  maxReachPerDailyMinor: 1000,
  creative: sampleCreativeSpecs(key, displayName),
  ...extra,
});

export const SAMPLE_RULES_LIST: PlatformRules[] = [
  rule('meta', 'Meta'),
  rule('tiktok', 'TikTok', { bidStrategies: ['lowest_cost'] }),
];
export const SAMPLE_RULES: RulesByPlatform = Object.fromEntries(SAMPLE_RULES_LIST.map((r) => [r.key, r]));

export const SAMPLE_OVERVIEW_PLAN: Plan = {
  campaign: {
    id: SAMPLE_CAMPAIGN_ID,
    name: 'Spring launch',
    objectiveId: 2,
    customerId: '00000000-0000-4000-8000-0000000000a1',
    currency: 'EUR',
    status: 'draft',
    version: 1,
    budgetMinor: 0,
    splitMode: 'amount',
    startDate: null,
    endDate: null,
    updatedAt: '2099-01-01T00:00:00.000Z',
  },
  platforms: [],
  allocations: {},
  audience: null,
  flights: [],
  ads: [],
  assets: [],
  budgetFit: null,
  budgetOptions: [],
  editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'creative', 'review'],
  lockReason: null,
};

export const SAMPLE_COMPLETE_PLAN: Plan = {
  ...SAMPLE_OVERVIEW_PLAN,
  campaign: {
    ...SAMPLE_OVERVIEW_PLAN.campaign,
    version: 2,
    budgetMinor: 100_000,
    startDate: '2099-02-01',
    endDate: '2099-02-28',
  },
  platforms: ['meta'],
  allocations: { meta: { amountMinor: 100_000, bidStrategy: 'lowest_cost', costCapMinor: null } },
  audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
  flights: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      platform: 'meta',
      startDate: '2099-02-01',
      endDate: '2099-02-28',
      amountMinor: 100_000,
      pacing: 'even',
      bookingId: null,
      bookingStatus: null,
    },
  ],
  ads: [sampleAd('00000000-0000-4000-8000-0000000000d1', 'meta', 'Meta ad 1')],
  assets: [SAMPLE_IMAGE],
  budgetOptions: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Q1 brand',
      periodStart: '2099-01-01',
      periodEnd: '2099-03-31',
      amountMinor: 120_000,
      currency: 'EUR',
      committedElsewhereMinor: 50_000,
    },
  ],
};

/** The complete plan drawing on "Q1 brand": €1,000 of €1,200 with €500 committed elsewhere is over. */
export const SAMPLE_OVER_BUDGET_PLAN: Plan = {
  ...SAMPLE_COMPLETE_PLAN,
  campaign: { ...SAMPLE_COMPLETE_PLAN.campaign, version: 3 },
  budgetFit: {
    budget: SAMPLE_COMPLETE_PLAN.budgetOptions[0]!,
    planMinor: 100_000,
    leftAfterMinor: -30_000,
    over: true,
    overBudgetConfirmedAt: null,
  },
};

/** A live campaign: only the overview can change. */
export const SAMPLE_LIVE_PLAN: Plan = {
  ...SAMPLE_COMPLETE_PLAN,
  campaign: { ...SAMPLE_COMPLETE_PLAN.campaign, status: 'active', version: 5 },
  editableSteps: ['overview'],
  lockReason: 'This campaign is live: its platforms, budget, audience and schedule are as launched.',
};

/** A campaign being deleted: nothing can change. */
export const SAMPLE_LOCKED_PLAN: Plan = {
  ...SAMPLE_LIVE_PLAN,
  campaign: { ...SAMPLE_LIVE_PLAN.campaign, status: 'deleting' },
  editableSteps: [],
  lockReason: 'This campaign is being deleted.',
};

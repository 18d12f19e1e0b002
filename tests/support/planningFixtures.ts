import type { Plan, PlatformRules, RulesByPlatform } from '@contract/planning';
import {
  SAMPLE_IMAGE,
  sampleAd,
  sampleCreativeSpecs,
} from '@machines/planning/planningWizard/planningWizard.samples';

/** Test data for the planning wizard's charts and views: three sandbox-like platforms and a plan. */

export const TODAY = '2099-01-10';

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

export const RULES_LIST: PlatformRules[] = [
  rule('meta', 'Meta'),
  rule('google', 'Google Ads'),
  rule('tiktok', 'TikTok', { bidStrategies: ['lowest_cost'], objectives: [1, 2, 3, 5] }),
];
export const RULES: RulesByPlatform = Object.fromEntries(RULES_LIST.map((r) => [r.key, r]));

export const CAMPAIGN_ID = '00000000-0000-4000-8000-0000000000c1';
export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000a1';

/** A plan with the overview done and nothing else. */
export function overviewOnlyPlan(overrides: Partial<Plan['campaign']> = {}): Plan {
  return {
    campaign: {
      id: CAMPAIGN_ID,
      name: 'Spring launch',
      objectiveId: 2,
      customerId: CUSTOMER_ID,
      currency: 'EUR',
      status: 'draft',
      version: 1,
      budgetMinor: 0,
      splitMode: 'amount',
      startDate: null,
      endDate: null,
      updatedAt: '2099-01-01T00:00:00.000Z',
      ...overrides,
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
}

/** Every step complete: two platforms, an audience, one flight and one ad each. */
export function completePlan(overrides: Partial<Plan['campaign']> = {}): Plan {
  const base = overviewOnlyPlan({
    budgetMinor: 300_000,
    startDate: '2099-02-01',
    endDate: '2099-02-28',
    version: 4,
    ...overrides,
  });
  return {
    ...base,
    platforms: ['meta', 'google'],
    allocations: {
      meta: { amountMinor: 200_000, bidStrategy: 'lowest_cost', costCapMinor: null },
      google: { amountMinor: 100_000, bidStrategy: 'cost_cap', costCapMinor: 500 },
    },
    audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
    flights: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        platform: 'meta',
        startDate: '2099-02-01',
        endDate: '2099-02-28',
        amountMinor: 200_000,
        pacing: 'even',
        bookingId: null,
        bookingStatus: null,
      },
      {
        id: '00000000-0000-4000-8000-0000000000f2',
        platform: 'google',
        startDate: '2099-02-01',
        endDate: '2099-02-28',
        amountMinor: 100_000,
        pacing: 'even',
        bookingId: null,
        bookingStatus: null,
      },
    ],
    ads: [
      sampleAd('00000000-0000-4000-8000-0000000000d1', 'meta', 'Meta ad 1'),
      sampleAd('00000000-0000-4000-8000-0000000000d2', 'google', 'Google Ads ad 1'),
    ],
    assets: [SAMPLE_IMAGE],
  };
}

/**
 * The page's plan for the creative step's upload and library tests: Meta alone, with its saved single-image
 * ad, and the steps before the creative one done (so the wizard opens the creative step).
 */
export const metaAtCreative = (plan: Plan): Plan => ({
  ...plan,
  platforms: ['meta'],
  allocations: { meta: plan.allocations.meta! },
  campaign: { ...plan.campaign, budgetMinor: plan.allocations.meta!.amountMinor },
  audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
  flights: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      platform: 'meta',
      startDate: plan.campaign.startDate!,
      endDate: plan.campaign.endDate!,
      amountMinor: plan.allocations.meta!.amountMinor,
      pacing: 'even',
      bookingId: null,
      bookingStatus: null,
    },
  ],
  ads: plan.ads.filter((ad) => ad.platform === 'meta'),
});

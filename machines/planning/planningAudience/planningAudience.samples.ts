import type { Plan, PlatformRules, RulesByPlatform } from '@contract/planning';
import { sampleCreativeSpecs } from '../planningWizard/planningWizard.samples';

/**
 * A small plan and two platforms' rules for the audience and schedule charts' samples (diagrams and path
 * tests): Meta and TikTok, €3,000 split €2,000 / €1,000 over the first fortnight of March 2099.
 */

const rules = (key: string, displayName: string, extra: Partial<PlatformRules> = {}): PlatformRules => ({
  key,
  displayName,
  objectives: [1, 2, 3, 4, 5, 6],
  minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 } as PlatformRules['minDailyBudgetMinor'],
  bidStrategies: ['lowest_cost', 'cost_cap'],
  minAge: 13,
  minAgeByObjective: { '4': 18 },
  maxInterests: 2,
  minAudienceSize: 1000,
  maxReachPerDailyMinor: 5000,
  creative: sampleCreativeSpecs(key, displayName),
  ...extra,
});

export const SAMPLE_RULES: RulesByPlatform = {
  meta: rules('meta', 'Meta'),
  tiktok: rules('tiktok', 'TikTok', { minAge: 18, maxInterests: 1 }),
};

export const SAMPLE_PLAN: Plan = {
  campaign: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Spring launch',
    objectiveId: 2,
    customerId: '00000000-0000-4000-8000-0000000000c1',
    currency: 'EUR',
    status: 'draft',
    version: 3,
    budgetMinor: 300_000,
    splitMode: 'amount',
    startDate: '2099-03-02',
    endDate: '2099-03-15',
    updatedAt: '2099-02-01T10:00:00.000Z',
  },
  platforms: ['meta', 'tiktok'],
  allocations: {
    meta: { amountMinor: 200_000, bidStrategy: 'lowest_cost', costCapMinor: null },
    tiktok: { amountMinor: 100_000, bidStrategy: 'lowest_cost', costCapMinor: null },
  },
  audience: null,
  flights: [],
  ads: [],
  assets: [],
  budgetFit: null,
  budgetOptions: [],
  editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'review'],
  lockReason: null,
};

export const SAMPLE_TODAY = '2099-02-01';

import { pinterestCreative } from './creative/pinterest';
import type { SandboxPlatformData } from './types';

/**
 * Pinterest Ads. After (our reading of their help pages, not re-checked live): Pinterest Business Help "Campaign budgets" (1.00 a day is the smallest daily
 * budget), automatic bidding only in this sandbox (its custom bids are not a cost cap), Pinners 13+ (shopping
 * ads to adults only, assumed 18 for Sales), audiences of at least about 1,000. No lead objective (Pinterest's
 * lead ads are a limited beta, assumed unavailable).
 */
export const pinterest: SandboxPlatformData = {
  rules: {
    key: 'pinterest',
    displayName: 'Pinterest',
    objectives: [1, 2, 3, 5, 6],
    minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
    bidStrategies: ['lowest_cost'],
    minAge: 13,
    minAgeByObjective: { '6': 18 },
    maxInterests: 20,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 10000,
    creative: pinterestCreative,
  },
  reachShare: 0.11,
};

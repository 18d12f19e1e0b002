import { googleCreative } from './creative/google';
import type { SandboxPlatformData } from './types';

/**
 * Google Ads. Google publishes no minimum daily budget; 1.00 is the smallest the interface accepts in
 * practice. Bidding: Maximize conversions = lowest_cost, Target CPA = cost_cap. Demographic targeting
 * starts at the 18–24 bracket (Google does not personalize ads for people under 18), hence minAge 18.
 * Audience segments need about 1,000 active users to serve (Google Ads Help, "About audience segment sizes").
 */
export const google: SandboxPlatformData = {
  rules: {
    key: 'google',
    displayName: 'Google Ads',
    objectives: [1, 2, 3, 4, 5, 6],
    minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 18,
    minAgeByObjective: {},
    maxInterests: 20,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 15000,
    creative: googleCreative,
  },
  reachShare: 0.85,
};

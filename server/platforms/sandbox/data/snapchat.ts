import { snapchatCreative } from './creative/snapchat';
import type { SandboxPlatformData } from './types';

/**
 * Snapchat Ads. After (our reading of their help pages, not re-checked live): Snapchat Business Help "Budget" (ad set minimum 5 a day in USD; assumed the same in
 * EUR and GBP), "Bid strategies" (Auto-bid = lowest_cost, Target cost / max bid = cost_cap), Snapchatters
 * are 13+ (lead generation assumed 18+), and a minimum audience of about 1,000 to deliver.
 */
export const snapchat: SandboxPlatformData = {
  rules: {
    key: 'snapchat',
    displayName: 'Snapchat',
    objectives: [1, 2, 3, 4, 5, 6],
    minDailyBudgetMinor: { EUR: 500, USD: 500, GBP: 500 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 13,
    minAgeByObjective: { '4': 18 },
    maxInterests: 25,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 12000,
    creative: snapchatCreative,
  },
  reachShare: 0.15,
};

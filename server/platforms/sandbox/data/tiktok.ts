import { tiktokCreative } from './creative/tiktok';
import type { SandboxPlatformData } from './types';

/**
 * TikTok for Business. After (our reading of their help pages, not re-checked live): TikTok Ads Manager "Budget" help (ad group minimum 20 a day in USD; we
 * assume 20 in EUR and GBP too), "About bidding strategies" (Maximum delivery = lowest_cost, Cost cap),
 * age groups from 13 (18 for lead generation assumed), and a "narrow audience" warning around 1,000.
 */
export const tiktok: SandboxPlatformData = {
  rules: {
    key: 'tiktok',
    displayName: 'TikTok',
    objectives: [1, 2, 3, 4, 5, 6],
    minDailyBudgetMinor: { EUR: 2000, USD: 2000, GBP: 2000 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 13,
    minAgeByObjective: { '4': 18 },
    maxInterests: 20,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 12000,
    creative: tiktokCreative,
  },
  reachShare: 0.3,
};

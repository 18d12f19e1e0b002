import { microsoftCreative } from './creative/microsoft';
import type { SandboxPlatformData } from './types';

/**
 * Microsoft Advertising. After (our reading of their help pages, not re-checked live): Microsoft Advertising Help "What is the minimum budget?" (1.00 a day
 * used for every currency here), "Automated bidding" (Maximize conversions = lowest_cost, Target CPA =
 * cost_cap), age targeting from 13, audiences of at least about 1,000 to serve. No engagement objective:
 * its campaign goals are awareness, visits, leads, app installs and sales.
 */
export const microsoft: SandboxPlatformData = {
  rules: {
    key: 'microsoft',
    displayName: 'Microsoft Advertising',
    objectives: [1, 2, 4, 5, 6],
    minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 13,
    minAgeByObjective: { '4': 18 },
    maxInterests: 20,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 8000,
    creative: microsoftCreative,
  },
  reachShare: 0.22,
};

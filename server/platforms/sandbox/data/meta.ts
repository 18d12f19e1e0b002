import { metaCreative } from './creative/meta';
import type { SandboxPlatformData } from './types';

/**
 * Meta (Facebook and Instagram ads). After (our reading of their help pages, not re-checked live): Meta Business Help Center "About minimum daily budgets"
 * ($1.00 a day for impression-billed ad sets; we use it for every currency), "About bid strategies"
 * (highest volume = lowest_cost, cost per result goal = cost_cap), "Ad targeting for people under 18"
 * (13+; lead forms assumed 18+ here), and Ads Manager's "audience too narrow" warning at about 1,000.
 */
export const meta: SandboxPlatformData = {
  rules: {
    key: 'meta',
    displayName: 'Meta',
    objectives: [1, 2, 3, 4, 5, 6],
    minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 13,
    minAgeByObjective: { '4': 18 },
    maxInterests: 25,
    minAudienceSize: 1000,
    maxReachPerDailyMinor: 10000,
    creative: metaCreative,
  },
  reachShare: 0.62,
};

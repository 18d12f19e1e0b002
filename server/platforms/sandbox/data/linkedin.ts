import { linkedinCreative } from './creative/linkedin';
import type { SandboxPlatformData } from './types';

/**
 * LinkedIn Marketing Solutions. After (our reading of their help pages, not re-checked live): LinkedIn Help "Campaign budget and bidding" (minimum daily budget
 * 10 in USD, EUR and GBP), "Bidding strategies" (Maximum delivery = lowest_cost, Cost cap), members are 18+
 * for advertising, and Campaign Manager needs an audience of at least 300 to launch. LinkedIn has no app
 * promotion objective.
 */
export const linkedin: SandboxPlatformData = {
  rules: {
    key: 'linkedin',
    displayName: 'LinkedIn',
    objectives: [1, 2, 3, 4, 6],
    minDailyBudgetMinor: { EUR: 1000, USD: 1000, GBP: 1000 },
    bidStrategies: ['lowest_cost', 'cost_cap'],
    minAge: 18,
    minAgeByObjective: {},
    maxInterests: 20,
    minAudienceSize: 300,
    maxReachPerDailyMinor: 1000,
    creative: linkedinCreative,
  },
  reachShare: 0.2,
};

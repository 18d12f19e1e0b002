import * as v from 'valibot';
import { CreativeSpecsSchema } from '../creative/specs';
import { CURRENCIES } from '../reference';

/**
 * What an ad platform allows, as data its connector supplies (the sandbox's files live in
 * server/platforms/sandbox/data/; a real connector reads the platform's own). The wizard's validators
 * (contract/planning/checks.ts) take these as input, so the browser and the server refuse the same
 * plans with the same words, naming the platform and the rule.
 */

export const BID_STRATEGIES = ['lowest_cost', 'cost_cap'] as const;
export type BidStrategy = (typeof BID_STRATEGIES)[number];
export const BID_STRATEGY_LABELS: Record<BidStrategy, string> = {
  lowest_cost: 'Lowest cost',
  cost_cap: 'Cost cap',
};

export const PlatformRulesSchema = v.object({
  key: v.string(),
  displayName: v.string(),
  /** Objective ids (contract/reference.ts OBJECTIVES) the platform can run. */
  objectives: v.array(v.number()),
  /** The smallest daily budget the platform accepts, per currency, in minor units. */
  minDailyBudgetMinor: v.record(v.picklist(CURRENCIES), v.number()),
  bidStrategies: v.array(v.picklist(BID_STRATEGIES)),
  /** The youngest age the platform lets a campaign target… */
  minAge: v.number(),
  /** …raised for some objectives (objective id → age), e.g. 18 for lead forms. */
  minAgeByObjective: v.record(v.string(), v.number()),
  /** How many interests one ad set may target. */
  maxInterests: v.number(),
  /** Below this estimated reach the platform will not deliver well ("too narrow"). */
  minAudienceSize: v.number(),
  /** Estimated reach per minor unit of daily budget above which the budget cannot reach it ("too broad"). */
  maxReachPerDailyMinor: v.number(),
  /** What the platform accepts as an ad: formats, text limits, picture and video specs, calls to action. */
  creative: CreativeSpecsSchema,
});
export type PlatformRules = v.InferOutput<typeof PlatformRulesSchema>;

/** `GET /planning/platforms`: every platform's rules, in reference order. */
export const PlatformRulesListSchema = v.array(PlatformRulesSchema);

/** The youngest age `rules` allows for `objectiveId`. */
export function minAgeFor(rules: PlatformRules, objectiveId: number): number {
  return Math.max(rules.minAge, rules.minAgeByObjective[String(objectiveId)] ?? 0);
}

/** One entry of a platform's interest taxonomy (`GET /planning/platforms/{key}/interests?q=`). */
export const InterestSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Its place in the platform's taxonomy, e.g. ['Hobbies and activities', 'Travel']. */
  path: v.array(v.string()),
  /** The platform's own audience size for this interest, worldwide. */
  audienceSize: v.number(),
});
export type Interest = v.InferOutput<typeof InterestSchema>;
export const InterestListSchema = v.array(InterestSchema);

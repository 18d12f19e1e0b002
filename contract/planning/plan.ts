import * as v from 'valibot';
import { AssetSchema } from '../creative/assets';
import { AdSchema } from '../creative/bodies';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES } from '../reference';
import { AllocationSchema, AudienceSchema, PACINGS, SPLIT_MODES } from './bodies';
import { WIZARD_STEPS } from './steps';

/**
 * `GET /planning/wizard/{campaignId}`: the whole plan in one answer, for every step and the review. Every
 * step save (`PUT /planning/wizard/{campaignId}/{step}`) answers with the plan as saved (its new version).
 */

export const PlanFlightSchema = v.object({
  id: v.string(),
  platform: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  amountMinor: v.number(),
  pacing: v.picklist(PACINGS),
  /** The booking this flight became (one per flight), with its status. */
  bookingId: v.nullable(v.string()),
  bookingStatus: v.nullable(v.picklist([...BOOKING_STATUSES, 'completed'])),
});
export type PlanFlight = v.InferOutput<typeof PlanFlightSchema>;

export const PlanAdSchema = v.object({ ...AdSchema.entries, id: v.string() });
export type PlanAd = v.InferOutput<typeof PlanAdSchema>;

/** One of the customer's budgets that fits the plan (its period covers the plan's dates, same currency). */
export const BudgetOptionSchema = v.object({
  id: v.string(),
  name: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
  amountMinor: v.number(),
  currency: v.string(),
  /** Booked on it by other campaigns (tentative, confirmed and completed bookings). */
  committedElsewhereMinor: v.number(),
});
export type BudgetOption = v.InferOutput<typeof BudgetOptionSchema>;

/** The plan against its budget: "€12,000 of €120,000 left after this plan". */
export const BudgetFitSchema = v.object({
  budget: BudgetOptionSchema,
  /** What this plan takes (its total budget). */
  planMinor: v.number(),
  /** amount − committed elsewhere − this plan; negative = over budget. */
  leftAfterMinor: v.number(),
  over: v.boolean(),
  /** When the planner confirmed planning over budget (cleared when the plan fits again). */
  overBudgetConfirmedAt: v.nullable(v.string()),
});
export type BudgetFit = v.InferOutput<typeof BudgetFitSchema>;

export const PlanSchema = v.object({
  campaign: v.object({
    id: v.string(),
    name: v.string(),
    objectiveId: v.number(),
    customerId: v.nullable(v.string()),
    currency: v.string(),
    status: v.picklist(CAMPAIGN_STATUSES),
    /** Every save carries it; a save based on an older one answers 409. */
    version: v.number(),
    budgetMinor: v.number(),
    splitMode: v.picklist(SPLIT_MODES),
    startDate: v.nullable(v.string()),
    endDate: v.nullable(v.string()),
    updatedAt: v.string(),
  }),
  /** The chosen platforms, in the planner's order. */
  platforms: v.array(v.string()),
  allocations: v.record(v.string(), AllocationSchema),
  /** Null until the audience step was saved. */
  audience: v.nullable(AudienceSchema),
  /**
   * The names of the audience's interests as each platform named them when they were saved: platform key →
   * interest id → name (the ids stay in `audience.interests`). An id without a name shows as itself.
   */
  interestNames: v.optional(v.record(v.string(), v.record(v.string(), v.string()))),
  flights: v.array(PlanFlightSchema),
  /** The plan's ads (the creative step), each with its id, in the planner's order. */
  ads: v.array(PlanAdSchema),
  /** The library assets the ads use (what the server read from their files), for the checks and previews. */
  assets: v.array(AssetSchema),
  /** The budget the plan draws on, if one is assigned. */
  budgetFit: v.nullable(BudgetFitSchema),
  /** The customer's budgets the plan could draw on (none without a customer or dates). */
  budgetOptions: v.array(BudgetOptionSchema),
  /**
   * Which steps the campaign's lifecycle state lets change (machines/campaignLifecycle), and why the
   * others cannot ("This campaign is live: its platforms, budget, audience and schedule are as launched.").
   */
  editableSteps: v.array(v.picklist(WIZARD_STEPS)),
  lockReason: v.nullable(v.string()),
});
export type Plan = v.InferOutput<typeof PlanSchema>;

/** `POST /planning/wizard/new/overview` → 201 */
export const NewPlanResultSchema = v.object({ campaignId: v.string(), plan: PlanSchema });
export type NewPlanResult = v.InferOutput<typeof NewPlanResultSchema>;

/** `errorCode` of a save based on an older version (409). */
export const PLAN_VERSION_CONFLICT = 'PLAN_VERSION_CONFLICT';
export const PLAN_VERSION_CONFLICT_MESSAGE = 'This plan was changed elsewhere';
/** `errorCode` of a launch of a plan over its budget without the planner's confirmation (409). */
export const PLAN_OVER_BUDGET = 'PLAN_OVER_BUDGET';

/** Platform key → interest id → name, as `Plan.interestNames`. */
export type InterestNames = Record<string, Record<string, string>>;

/** Several plans' interest names together (a later map's name wins where a platform renamed one). */
export function mergeInterestNames(...maps: InterestNames[]): InterestNames {
  const merged: InterestNames = {};
  for (const map of maps)
    for (const [platform, names] of Object.entries(map)) merged[platform] = { ...merged[platform], ...names };
  return merged;
}

/** One platform's chosen interests with their names, in the plan's platform order. */
export interface PlatformInterests {
  platform: string;
  interests: { id: string; name: string }[];
}

/**
 * The audience's interests by platform with their names (an unnamed id shows as itself), platforms with
 * none left out: what the review, the sign-off and the exports show and the audience step names its chips by.
 */
export function namedInterestsOf(
  plan: Pick<Plan, 'platforms' | 'audience' | 'interestNames'>,
): PlatformInterests[] {
  const chosen = plan.audience?.interests ?? {};
  const order = [...plan.platforms, ...Object.keys(chosen).filter((key) => !plan.platforms.includes(key))];
  return order
    .map((platform) => ({
      platform,
      interests: (chosen[platform] ?? []).map((id) => ({
        id,
        name: plan.interestNames?.[platform]?.[id] ?? id,
      })),
    }))
    .filter((entry) => entry.interests.length > 0);
}

import * as v from 'valibot';
import { hasWhiteLabelFeature, PAID_PLAN_CODES, PLANS, TRIAL_PLAN_CODE } from './plans';

/**
 * Trial, billing and plan gating: the trial's length and exempt pages, GET/POST /api/billing, and the
 * REQUIRES_UPGRADE answer of a feature the plan does not include.
 */

// --- trial ------------------------------------------------------------------------------------------

/** Length of the free trial, in days (the one definition: server, charts and views import it). */
export const TRIAL_DAYS = 7;
/** One trial day, in milliseconds. */
export const DAY_MS = 86_400_000;

/** Days left in the trial: 7 minus whole days since the organization was created, between 0 and 7. */
export function trialDaysLeft(createdAt: Date | string | number, now: Date | number = Date.now()): number {
  const elapsed = new Date(now).getTime() - new Date(createdAt).getTime();
  if (Number.isNaN(elapsed)) return 0;
  const wholeDays = Math.floor(Math.max(0, elapsed) / DAY_MS);
  return Math.max(0, TRIAL_DAYS - wholeDays);
}

/** When the trial ends (createdAt + 7 days), as an ISO timestamp. */
export function trialEndsAt(createdAt: Date | string | number): string {
  return new Date(new Date(createdAt).getTime() + TRIAL_DAYS * DAY_MS).toISOString();
}

/** The trial-expired overlay shows when this is true (and the path is not exempt). */
export function isTrialExpired(
  organization: { planCode: string; createdAt: string },
  now: Date | number = Date.now(),
): boolean {
  return organization.planCode === TRIAL_PLAN_CODE && trialDaysLeft(organization.createdAt, now) === 0;
}

/** Path segments where an expired trial does not blur the page (the person must be able to upgrade). */
export const TRIAL_EXEMPT_SEGMENTS = ['billing', 'organizations', 'platforms', 'reports'] as const;

/**
 * Paths that stay usable when the trial has expired (no blur, no upgrade overlay): any path with a billing,
 * organizations, platforms or reports segment (`/billing/plans`, `/accounts/1/platforms`; not `/billingish`).
 */
export function isTrialExemptPath(pathname: string): boolean {
  return pathname
    .split('/')
    .some((segment) => (TRIAL_EXEMPT_SEGMENTS as readonly string[]).includes(segment.toLowerCase()));
}

// --- billing ----------------------------------------------------------------------------------------

const CHOOSE_A_PLAN = `Choose one of the plans: ${PAID_PLAN_CODES.join(', ')}`;

/** POST /api/billing/plan */
export const ChangePlanRequestSchema = v.object({
  planCode: v.pipe(v.optional(v.string(CHOOSE_A_PLAN), ''), v.picklist(PAID_PLAN_CODES, CHOOSE_A_PLAN)),
});
export type ChangePlanRequest = v.InferInput<typeof ChangePlanRequestSchema>;

export const BillingPlanSchema = v.object({
  code: v.string(),
  name: v.string(),
  hasWhiteLabelFeature: v.boolean(),
  monthlyPriceMinor: v.number(),
  current: v.boolean(),
});

/** GET /api/billing, and the answer of POST /api/billing/plan. */
export const BillingStateSchema = v.object({
  planCode: v.string(),
  plans: v.array(BillingPlanSchema),
  trial: v.object({
    days: v.number(),
    /** 0..7; only meaningful while planCode is 'trial'. */
    daysLeft: v.number(),
    endsAt: v.string(),
  }),
  /**
   * Present only when the billing provider needs the user at its hosted checkout: send the browser there.
   * The plan then changes when the provider confirms the payment (planCode is still the old one).
   */
  checkoutUrl: v.optional(v.string()),
});
export type BillingState = v.InferOutput<typeof BillingStateSchema>;

/** The one place that builds the billing state, so server and browser agree on it. */
export function billingState(
  organization: { planCode: string; createdAt: Date | string },
  now: Date | number = Date.now(),
): BillingState {
  return {
    planCode: organization.planCode,
    plans: PLANS.map((p) => ({ ...p, current: p.code === organization.planCode })),
    trial: {
      days: TRIAL_DAYS,
      daysLeft: trialDaysLeft(organization.createdAt, now),
      endsAt: trialEndsAt(organization.createdAt),
    },
  };
}

// --- plan gating ------------------------------------------------------------------------------------

export const REQUIRES_UPGRADE = 'REQUIRES_UPGRADE';
export type PlanFeature = 'whiteLabel';

const FEATURES: Record<PlanFeature, { label: string; included: (planCode: string) => boolean }> = {
  whiteLabel: { label: 'white-label branding', included: hasWhiteLabelFeature },
};

export function planIncludes(planCode: string, feature: PlanFeature): boolean {
  return FEATURES[feature].included(planCode);
}

/** The message of a REQUIRES_UPGRADE answer (403). */
export function upgradeMessage(feature: PlanFeature): string {
  return `Your plan does not include ${FEATURES[feature].label}. Upgrade to use it.`;
}

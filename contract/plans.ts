/** Plans and the features they carry. The billing adapter changes `organizations.plan_code`. */
export const PLANS = [
  { code: 'trial', name: 'Trial', hasWhiteLabelFeature: true, monthlyPriceMinor: 0 },
  { code: 'starter', name: 'Starter', hasWhiteLabelFeature: false, monthlyPriceMinor: 4900 },
  { code: 'agency', name: 'Agency', hasWhiteLabelFeature: true, monthlyPriceMinor: 19900 },
] as const;

export type PlanCode = (typeof PLANS)[number]['code'];

/** The free trial's plan code: where every organization starts, never a choice on /billing/plans. */
export const TRIAL_PLAN_CODE = 'trial' satisfies PlanCode;

/** Plans a customer can choose on /billing/plans. */
export type PaidPlanCode = Exclude<PlanCode, typeof TRIAL_PLAN_CODE>;
export const PAID_PLAN_CODES: readonly PaidPlanCode[] = PLANS.map((p) => p.code).filter(
  (code): code is PaidPlanCode => code !== TRIAL_PLAN_CODE,
);

export function planFor(code: string) {
  return PLANS.find((p) => p.code === code);
}

export function hasWhiteLabelFeature(planCode: string): boolean {
  return planFor(planCode)?.hasWhiteLabelFeature ?? false;
}

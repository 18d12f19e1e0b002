/** Plans and the features they carry. The billing adapter changes `organizations.plan_code`. */
export const PLANS = [
  { code: 'trial', name: 'Trial', hasWhiteLabelFeature: true, monthlyPriceMinor: 0 },
  { code: 'starter', name: 'Starter', hasWhiteLabelFeature: false, monthlyPriceMinor: 4900 },
  { code: 'agency', name: 'Agency', hasWhiteLabelFeature: true, monthlyPriceMinor: 19900 },
] as const;

export type PlanCode = (typeof PLANS)[number]['code'];

export function planFor(code: string) {
  return PLANS.find((p) => p.code === code);
}

export function hasWhiteLabelFeature(planCode: string): boolean {
  return planFor(planCode)?.hasWhiteLabelFeature ?? false;
}

import { ApplyChangeResultSchema, type PlanChange, PlanChangeSchema } from '@contract/planning';
import { STEP_UP_HEADER } from '@contract/stepUp';
import { requestJson } from './http';

/** A live campaign's change (issue 28, server/openapi/paths/campaigns.ts). Failures reject with an ApiError. */
const wizard = (campaignId: string) => `planning/wizard/${encodeURIComponent(campaignId)}`;

export function loadPlanChange(campaignId: string): Promise<PlanChange> {
  return requestJson('GET', `${wizard(campaignId)}/change`, PlanChangeSchema);
}

/** POST apply (step-up `applyChange`, bound to the change's hash). */
export function applyPlanChange(campaignId: string, hash: string, stepUpToken: string | null) {
  return requestJson('POST', `${wizard(campaignId)}/apply`, ApplyChangeResultSchema, {
    json: { hash },
    headers: stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {},
  });
}

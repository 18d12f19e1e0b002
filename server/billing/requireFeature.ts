import { type PlanFeature, planIncludes, REQUIRES_UPGRADE, upgradeMessage } from '@contract/billing';
import { HttpError } from '../http/errors';

/** Throws 403 REQUIRES_UPGRADE when the organization's plan lacks the feature. */
export function requireFeature(organization: { planCode: string }, feature: PlanFeature): void {
  if (!planIncludes(organization.planCode, feature)) {
    throw new HttpError(403, upgradeMessage(feature), { errorCode: REQUIRES_UPGRADE });
  }
}

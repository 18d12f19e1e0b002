import type { BillingAdapter, BillingAdapterFactory } from './adapter';
import { recordPlanChange } from './recordPlanChange';

/** No payment: the change is recorded immediately. For self-hosting, demos and tests. */
export const localBillingAdapter: BillingAdapterFactory = ({ db }): BillingAdapter => ({
  name: 'local',
  async changePlan({ organizationId, planCode, userId }) {
    await recordPlanChange(db, { organizationId, planCode, userId });
    return { status: 'active' };
  },
});

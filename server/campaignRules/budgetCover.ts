import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { CampaignRow } from '../db/rows';
import { budgets } from '../db/schema';

/**
 * The budgets a plan could draw on: the customer's, in the plan's currency, whose period covers the plan's
 * dates (the wizard's budget options and a duplicate's budget). Null when the plan lacks what it takes.
 */
export function budgetsCovering(
  campaign: Pick<
    CampaignRow,
    'accountId' | 'organizationId' | 'customerId' | 'currency' | 'startDate' | 'endDate'
  >,
): SQL | null {
  if (!campaign.customerId || !campaign.startDate || !campaign.endDate) return null;
  return and(
    eq(budgets.accountId, campaign.accountId),
    eq(budgets.organizationId, campaign.organizationId),
    eq(budgets.customerId, campaign.customerId),
    eq(budgets.currency, campaign.currency),
    lte(budgets.periodStart, campaign.startDate),
    gte(budgets.periodEnd, campaign.endDate),
  )!;
}

import {
  type BudgetPacing,
  BudgetPacingSchema,
  type CampaignDelivery,
  CampaignDeliverySchema,
  type DashboardSpend,
  DashboardSpendSchema,
} from '@contract/pacing';
import { requestJson } from './http';

/** `GET /api/budgets/{id}/pacing` (a missing or foreign budget rejects with a 404 ApiError). */
export function loadBudgetPacing(budgetId: string, signal?: AbortSignal): Promise<BudgetPacing> {
  return requestJson('GET', `api/budgets/${encodeURIComponent(budgetId)}/pacing`, BudgetPacingSchema, {
    signal,
  });
}

/** `GET /api/campaigns/{id}/delivery`: each flight's pacing and the delivery by platform. */
export function loadCampaignDelivery(campaignId: string, signal?: AbortSignal): Promise<CampaignDelivery> {
  return requestJson(
    'GET',
    `api/campaigns/${encodeURIComponent(campaignId)}/delivery`,
    CampaignDeliverySchema,
    {
      signal,
    },
  );
}

/** `GET /api/dashboard/spend`: this month's spend against plan, and the budgets furthest off pace. */
export function loadDashboardSpend(signal?: AbortSignal): Promise<DashboardSpend> {
  return requestJson('GET', 'api/dashboard/spend', DashboardSpendSchema, { signal });
}

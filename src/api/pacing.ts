import {
  type BudgetPacing,
  BudgetPacingSchema,
  type CampaignDelivery,
  CampaignDeliverySchema,
  type DashboardSpend,
  DashboardSpendSchema,
  movedAllocations,
  movedFlights,
  type PacingSettings,
  PacingSettingsSchema,
  type PacingSuggestion,
} from '@contract/pacing';
import { PlanSchema } from '@contract/planning';
import { requestJson } from './http';
import { loadPlan } from './planning';

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

/** `GET /api/pacing/settings`: the current account's pacing alert thresholds. */
export function loadPacingSettings(): Promise<PacingSettings> {
  return requestJson('GET', 'api/pacing/settings', PacingSettingsSchema);
}

/** `PUT /api/pacing/settings` (planners): a 400 names the field, a 403 says who may. */
export function savePacingSettings(thresholds: {
  underPercent: number;
  overPercent: number;
}): Promise<PacingSettings> {
  return requestJson('PUT', 'api/pacing/settings', PacingSettingsSchema, { json: thresholds });
}

/**
 * Accepting the campaign page's pacing suggestion: `PUT /planning/wizard/{id}/platforms` with the plan's split,
 * the suggested amount moved from one platform to the other — on a live campaign, a change to review and
 * apply (docs/pacing.md#the-suggestion). A refusal rejects with the server's ApiError.
 */
export async function applyPacingSuggestion(campaignId: string, suggestion: PacingSuggestion) {
  const plan = await loadPlan(campaignId);
  const wizard = `planning/wizard/${encodeURIComponent(campaignId)}`;
  const split = await requestJson('PUT', `${wizard}/platforms`, PlanSchema, {
    json: {
      version: plan.campaign.version,
      platforms: plan.platforms,
      budgetMinor: plan.campaign.budgetMinor,
      splitMode: 'amount',
      allocations: movedAllocations(plan.allocations, suggestion),
    },
  });
  // The flights follow the split (the running or next flight of each side), so the change is whole.
  if (!split.campaign.startDate || !split.campaign.endDate) return split;
  const today = new Date().toISOString().slice(0, 10);
  return requestJson('PUT', `${wizard}/schedule`, PlanSchema, {
    json: {
      version: split.campaign.version,
      startDate: split.campaign.startDate,
      endDate: split.campaign.endDate,
      flights: movedFlights(split.flights, suggestion, today).map((flight) => ({
        id: flight.id,
        platform: flight.platform,
        startDate: flight.startDate,
        endDate: flight.endDate,
        amountMinor: flight.amountMinor,
        pacing: flight.pacing,
      })),
    },
  });
}

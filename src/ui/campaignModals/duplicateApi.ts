import { CampaignDetailSchema, DuplicateCampaignResultSchema } from '@contract/campaigns';
import { BudgetSchema, CustomerSchema } from '@contract/resources';
import type { DuplicateRequest, DuplicateResult, DuplicateSource } from '@machines/duplicateCampaign';
import { isApiError, requestJson } from '@src/api/http';
import * as v from 'valibot';

const BudgetListSchema = v.array(BudgetSchema);

/**
 * The campaign the duplicate dialog copies (`GET /data/campaigns/detail`), its customer's name and the
 * customer's budgets in the campaign's currency (`GET /api/budgets`); null when the campaign does not exist
 * in this account (404).
 */
export async function loadDuplicateSource(id: string): Promise<DuplicateSource | null> {
  let campaign: v.InferOutput<typeof CampaignDetailSchema>;
  try {
    campaign = await requestJson('GET', 'data/campaigns/detail', CampaignDetailSchema, {
      searchParams: { campaignId: id },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
  const { customerId } = campaign;
  const [customer, budgets] = customerId
    ? await Promise.all([
        requestJson('GET', `api/customers/${encodeURIComponent(customerId)}`, CustomerSchema),
        requestJson('GET', 'api/budgets', BudgetListSchema, {
          searchParams: { customerId, currency: campaign.currency, _start: 0, _end: 100 },
        }),
      ])
    : [null, []];
  return {
    name: campaign.name,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    currency: campaign.currency,
    customerName: customer?.name ?? null,
    budgets: budgets.map(({ id, name, periodStart, periodEnd }) => ({ id, name, periodStart, periodEnd })),
  };
}

/** `POST /data/campaigns/duplicate`; rejects with the server's ApiError (validationErrors, businessError). */
export async function duplicateCampaign({
  campaignId,
  name,
  shiftDays,
}: DuplicateRequest): Promise<DuplicateResult> {
  const result = await requestJson('POST', 'data/campaigns/duplicate', DuplicateCampaignResultSchema, {
    json: { campaignId, name, ...(shiftDays !== 0 ? { shiftDays } : {}) },
  });
  return { campaignId: result.campaignId, budget: result.budget ?? null };
}

import {
  CampaignSummarySchema,
  CustomerSummarySchema,
  LaunchCampaignResultSchema,
  PauseCampaignResultSchema,
  SuccessSchema,
} from '@contract/campaigns';
import { STEP_UP_HEADER } from '@contract/stepUp';
import type { ModalActionInput, ModalRecord, SubmitActionInput } from '@machines/modalAction';
import { isApiError, requestJson } from '@src/api/http';
import { loadLaunchReadiness } from '@src/api/launchReadiness';

/** Looks the modal's campaign or customer up; null when the server answers 404. */
export async function loadModalRecord({ kind, id }: ModalActionInput): Promise<ModalRecord | null> {
  try {
    if (kind === 'deleteCustomer') {
      const customer = await requestJson('GET', 'data/customers/get', CustomerSummarySchema, {
        searchParams: { customerId: id },
      });
      return { name: customer.name, platformNames: [] };
    }
    const [campaign, readiness] = await Promise.all([
      requestJson('GET', 'data/campaigns/get', CampaignSummarySchema, { searchParams: { campaignId: id } }),
      // Launch: why it cannot launch now, said before anyone confirms (unknown when the question fails).
      kind === 'launchCampaign' ? loadLaunchReadiness([id]).catch(() => null) : null,
    ]);
    return {
      name: campaign.name,
      platformNames: campaign.platforms.map((p) => p.displayName),
      ...(readiness ? { launchBlocker: readiness.get(campaign.id) ?? null } : {}),
    };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Sends the modal's action; rejects with an ApiError (validationErrors / businessError, or CHALLENGE_REQUIRED
 * with the step-up's challenge) when refused. A verified step-up token goes in X-Step-Up-Token.
 */
export function submitModalAction({ kind, id, stepUpToken }: SubmitActionInput): Promise<unknown> {
  const headers = stepUpToken ? { [STEP_UP_HEADER]: stepUpToken } : {};
  switch (kind) {
    case 'deleteCampaign':
      return requestJson('POST', 'data/campaigns/delete', SuccessSchema, {
        json: { campaignId: id },
        headers,
      });
    case 'launchCampaign':
      return requestJson(
        'POST',
        `planning/wizard/${encodeURIComponent(id)}/review`,
        LaunchCampaignResultSchema,
        { json: { campaignId: id }, headers },
      );
    case 'pauseCampaign':
      return requestJson('POST', 'data/campaigns/pause', PauseCampaignResultSchema, {
        json: { campaignId: id },
      });
    case 'resumeCampaign':
      return requestJson('POST', 'data/campaigns/resume', PauseCampaignResultSchema, {
        json: { campaignId: id },
        headers,
      });
    case 'deleteCustomer':
      return requestJson('POST', 'data/customers/delete', SuccessSchema, {
        json: { customerId: id },
        headers,
      });
  }
}

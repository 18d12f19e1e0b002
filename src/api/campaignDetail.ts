import type { Campaign } from '@contract/resources';
import { dataProvider } from './dataProvider';
import { customerName, loadObjectiveLabels, loadPlatformNames, orEmpty } from './referenceData';

/** One campaign with the names its page shows: the campaign page and the planning wizard's review use it. */
export interface CampaignDetail {
  campaign: Campaign;
  platformNames: string[];
  objective: string;
  customer: string | null;
}

/** GET /api/campaigns/:id (a 404 goes to the error screen), with platform, objective and customer names. */
export async function loadCampaignDetail(id: string): Promise<CampaignDetail> {
  const [{ data: campaign }, platforms, objectives] = await Promise.all([
    dataProvider.getOne({ resource: 'campaigns', id }),
    orEmpty(loadPlatformNames()),
    orEmpty(loadObjectiveLabels()),
  ]);
  return {
    campaign,
    platformNames: campaign.platforms.map((key) => platforms.get(key) ?? key),
    objective: objectives.get(campaign.objectiveId) ?? `Objective ${campaign.objectiveId}`,
    customer: await customerName(campaign.customerId),
  };
}

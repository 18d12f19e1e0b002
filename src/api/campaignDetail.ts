import type { LaunchBlocker } from '@contract/campaigns';
import type { Campaign } from '@contract/resources';
import { allowedCampaignActions } from '@machines/campaignLifecycle';
import { dataProvider } from './dataProvider';
import { loadLaunchReadiness } from './launchReadiness';
import { customerName, loadObjectiveLabels, loadPlatformNames, orEmpty } from './referenceData';

/** One campaign with the names its page shows: the campaign page and the planning wizard's review use it. */
export interface CampaignDetail {
  campaign: Campaign;
  platformNames: string[];
  objective: string;
  customer: string | null;
  /** Why a campaign its status lets launch cannot launch now (null: it can; undefined: not asked or unknown). */
  launchBlocker?: LaunchBlocker | null;
}

/** GET /api/campaigns/:id (a 404 goes to the error screen), with platform, objective and customer names. */
export async function loadCampaignDetail(id: string): Promise<CampaignDetail> {
  const [{ data: campaign }, platforms, objectives] = await Promise.all([
    dataProvider.getOne({ resource: 'campaigns', id }),
    orEmpty(loadPlatformNames()),
    orEmpty(loadObjectiveLabels()),
  ]);
  const readiness = allowedCampaignActions(campaign.status).launch
    ? await loadLaunchReadiness([campaign.id]).catch(() => null)
    : null;
  return {
    campaign,
    platformNames: campaign.platforms.map((key) => platforms.get(key) ?? key),
    objective: objectives.get(campaign.objectiveId) ?? `Objective ${campaign.objectiveId}`,
    customer: await customerName(campaign.customerId),
    ...(readiness?.has(campaign.id) ? { launchBlocker: readiness.get(campaign.id) ?? null } : {}),
  };
}

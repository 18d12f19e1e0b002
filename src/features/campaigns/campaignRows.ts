import type { LaunchBlocker } from '@contract/campaigns';
import type { Campaign } from '@contract/resources';
import { allowedCampaignActions } from '@machines/campaignLifecycle';
import type { FetchPageInput } from '@machines/resourceList';
import { dataProvider } from '@src/api/dataProvider';
import { loadLaunchReadiness } from '@src/api/launchReadiness';
import { loadObjectiveLabels, loadPlatformNames } from '@src/api/referenceData';

// The cached reference data moved to src/api/referenceData.ts (several features show platform names).
export { loadObjectiveLabels, loadPlatformNames, resetPlatformNames } from '@src/api/referenceData';

/** A campaign as the table shows it: the record plus its customer, objective and platforms' names. */
export interface CampaignRow extends Campaign {
  platformNames: string[];
  /** The customer's name ('' when it has none), or null without a customer (or when it is gone). */
  customerName: string | null;
  /** The objective's label ('' when unknown). */
  objectiveLabel: string;
  /**
   * Why a campaign its status lets launch cannot launch now (the server's launch gate), null when it can;
   * undefined when not asked (another status) or not known (the question failed: Launch is offered as before).
   */
  launchBlocker?: LaunchBlocker | null;
}

/** Customer id → name for the customers of one page (GET /api/customers?id=…&id=…). */
async function customerNames(campaigns: readonly Campaign[], signal: AbortSignal) {
  const ids = [...new Set(campaigns.map((c) => c.customerId).filter((id): id is string => id !== null))];
  const { data } = await dataProvider.getMany({ resource: 'customers', ids, signal });
  return new Map(data.map((c) => [c.id, c.name]));
}

/**
 * One page of the current account's campaigns (the session decides the account), with the names the table
 * shows. Names are a nicety: without them the table still shows its rows (keys, '—').
 */
export async function fetchCampaignPage(input: FetchPageInput, signal: AbortSignal) {
  const platforms = loadPlatformNames().catch(() => new Map<string, string>());
  const objectives = loadObjectiveLabels().catch(() => new Map<number, string>());
  const page = await dataProvider.getList({
    resource: 'campaigns',
    pagination: { current: input.page, pageSize: input.pageSize },
    sorters: input.sorters,
    filters: input.filters,
    signal,
  });
  const launchable = page.data.filter((c) => allowedCampaignActions(c.status).launch).map((c) => c.id);
  const [platformMap, objectiveMap, customerMap, readiness] = await Promise.all([
    platforms,
    objectives,
    customerNames(page.data, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return new Map<string, string>();
    }),
    loadLaunchReadiness(launchable, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return new Map<string, LaunchBlocker | null>();
    }),
  ]);
  const rows: CampaignRow[] = page.data.map((campaign) => ({
    ...campaign,
    platformNames: campaign.platforms.map((key) => platformMap.get(key) ?? key),
    customerName: campaign.customerId === null ? null : (customerMap.get(campaign.customerId) ?? null),
    objectiveLabel: objectiveMap.get(campaign.objectiveId) ?? '',
    ...(readiness.has(campaign.id) ? { launchBlocker: readiness.get(campaign.id) ?? null } : {}),
  }));
  return { data: rows, total: page.total };
}

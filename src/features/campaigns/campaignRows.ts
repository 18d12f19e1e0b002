import type { Campaign } from '../../../contract/resources';
import type { FetchPageInput } from '../../../machines/resourceList';
import { dataProvider } from '../../api/dataProvider';

/** A campaign as the table shows it: the record plus its platforms' display names. */
export interface CampaignRow extends Campaign {
  platformNames: string[];
}

let platformNames: Promise<Map<string, string>> | null = null;

/** Platform key → display name, from GET /api/platforms (asked once per page load). */
export function loadPlatformNames(): Promise<Map<string, string>> {
  platformNames ??= dataProvider
    .getList({ resource: 'platforms', pagination: { mode: 'off' } })
    .then(({ data }) => new Map(data.map((p) => [p.key, p.displayName])))
    .catch((error: unknown) => {
      platformNames = null; // ask again next time
      throw error;
    });
  return platformNames;
}

/** For tests: forget the cached platform names. */
export function resetPlatformNames() {
  platformNames = null;
}

/** One page of the current account's campaigns (the session decides the account), with platform names. */
export async function fetchCampaignPage(input: FetchPageInput, signal: AbortSignal) {
  const names = loadPlatformNames().catch(() => new Map<string, string>());
  const [page, platforms] = await Promise.all([
    dataProvider.getList({
      resource: 'campaigns',
      pagination: { current: input.page, pageSize: input.pageSize },
      sorters: input.sorters,
      filters: input.filters,
      signal,
    }),
    names,
  ]);
  const rows: CampaignRow[] = page.data.map((campaign) => ({
    ...campaign,
    platformNames: campaign.platforms.map((key) => platforms.get(key) ?? key),
  }));
  return { data: rows, total: page.total };
}

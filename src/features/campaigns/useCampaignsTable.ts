import { useSignedInUser } from '../../api/session';
import { useResourceList } from '../../ui/resourceList/useResourceList';
import { CAMPAIGN_FILTERS } from './campaignFilters';
import { type CampaignRow, fetchCampaignPage } from './campaignRows';

/** The columns that sort (their `_sort` field), as the URL carries them. */
export const CAMPAIGN_SORTABLE_FIELDS = ['name', 'status', 'startDate', 'budgetMinor', 'createdAt'] as const;
const SORTABLE: readonly string[] = CAMPAIGN_SORTABLE_FIELDS;

/** The campaigns table of the current account: the resourceList chart over /api/campaigns. */
export function useCampaignsTable() {
  const user = useSignedInUser();
  const table = useResourceList<CampaignRow>({
    resource: 'campaigns',
    sortableFields: SORTABLE,
    filterFields: CAMPAIGN_FILTERS,
    fetchPage: fetchCampaignPage,
  });
  return { ...table, accountName: user.currentAccount?.name ?? null };
}

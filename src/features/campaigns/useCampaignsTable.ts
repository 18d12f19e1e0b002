import { useSignedInUser } from '@src/api/session';
import { CAMPAIGN_FILTERS } from './campaignFilters';
import { fetchCampaignPage } from './campaignRows';

/** The columns that sort (their `_sort` field), as the URL carries them. */
export const CAMPAIGN_SORTABLE_FIELDS = ['name', 'status', 'startDate', 'budgetMinor', 'createdAt'] as const;
const SORTABLE: readonly string[] = CAMPAIGN_SORTABLE_FIELDS;

/**
 * The campaigns table of the current account: what `ResourceTable` (the resourceList chart bound to the URL)
 * needs to list /api/campaigns — the sortable columns, the filters the URL carries and the page loader.
 */
export function useCampaignsTable() {
  const user = useSignedInUser();
  return {
    accountName: user.currentAccount?.name ?? null,
    sortableFields: SORTABLE,
    filterFields: CAMPAIGN_FILTERS,
    fetchPage: fetchCampaignPage,
  };
}

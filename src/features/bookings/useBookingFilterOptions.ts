import type { FilterOption } from '@src/ui/FilterSelect';
import { useEffect, useState } from 'react';
import { loadCampaignOptions, loadPlatformOptions } from './bookingFilters';

const NONE: readonly FilterOption[] = [];

/**
 * The choices of the platform and campaign filters. Reference data for two menus, not a flow: while it
 * loads (or if it fails) a menu offers only “All …”, and the table itself is unaffected.
 */
export function useBookingFilterOptions(chosenCampaignId: string) {
  const [platforms, setPlatforms] = useState<readonly FilterOption[]>(NONE);
  const [campaigns, setCampaigns] = useState<readonly FilterOption[]>(NONE);

  useEffect(() => {
    let live = true;
    loadPlatformOptions().then(
      (options) => live && setPlatforms(options),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // Once per page: the campaign chosen in the URL on arrival is included even past the first 100.
  const [initialCampaignId] = useState(chosenCampaignId);
  useEffect(() => {
    let live = true;
    loadCampaignOptions(initialCampaignId).then(
      (options) => live && setCampaigns(options),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [initialCampaignId]);

  return { platforms, campaigns };
}

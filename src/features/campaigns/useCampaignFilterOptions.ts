import type { FilterOption } from '@src/ui/FilterSelect';
import { useEffect, useState } from 'react';
import { loadCustomerOptions, loadPlatformOptions } from './campaignFilters';

const NONE: readonly FilterOption[] = [];

/**
 * The choices of the platform and customer filters. Reference data for two menus, not a flow: while it
 * loads (or if it fails) a menu offers only “All …”, and the table itself is unaffected.
 */
export function useCampaignFilterOptions(chosenCustomerId: string) {
  const [platforms, setPlatforms] = useState<readonly FilterOption[]>(NONE);
  const [customers, setCustomers] = useState<readonly FilterOption[]>(NONE);

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

  // Once per page: the customer chosen in the URL on arrival is included even past the first 100.
  const [initialCustomerId] = useState(chosenCustomerId);
  useEffect(() => {
    let live = true;
    loadCustomerOptions(initialCustomerId).then(
      (options) => live && setCustomers(options),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [initialCustomerId]);

  return { platforms, customers };
}

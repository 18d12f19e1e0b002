import { CAMPAIGN_STATUSES, PLATFORMS } from '@contract/reference';
import { dataProvider } from '@src/api/dataProvider';
import type { FilterOption } from '@src/ui/FilterSelect';
import type { ListFilterField } from '@src/ui/resourceList/listSearchParams';
import { loadPlatformNames } from './campaignRows';

const STATUS_VALUES: readonly string[] = CAMPAIGN_STATUSES;
const PLATFORM_KEYS: readonly string[] = PLATFORMS.map((p) => p.key);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The campaigns table's filters and their URL keys: `?name=spring&status=active&platform=meta&customer=<id>`
 * → `name_like=spring&status=active&platforms=meta&customerId=<id>` (an array field: "contains meta").
 * A URL value that cannot be right (an unknown status or platform, a malformed id) is ignored.
 */
export const CAMPAIGN_FILTERS: readonly ListFilterField[] = [
  { field: 'name', operator: 'contains' },
  { field: 'status', operator: 'eq', accepts: (value) => STATUS_VALUES.includes(value) },
  {
    field: 'platforms',
    operator: 'eq',
    param: 'platform',
    accepts: (value) => PLATFORM_KEYS.includes(value),
  },
  { field: 'customerId', operator: 'eq', param: 'customer', accepts: (value) => UUID.test(value) },
];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const STATUS_OPTIONS: readonly FilterOption[] = CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: capitalize(status),
}));

/** The platforms as filter options (GET /api/platforms, asked once per page load). */
export async function loadPlatformOptions(): Promise<FilterOption[]> {
  const names = await loadPlatformNames();
  return [...names].map(([value, label]) => ({ value, label }));
}

/** How a customer reads in the filter and in the table: its name, or "Unnamed customer". */
export const customerLabel = (name: string) => name.trim() || 'Unnamed customer';

/** The most customers the filter lists (one page of the data provider), by name. */
export const CUSTOMER_OPTIONS_LIMIT = 100;

/**
 * The account's customers as filter options, by name; the chosen one (from the URL) is added when it is not
 * among them (more customers than the list holds).
 */
export async function loadCustomerOptions(chosenId: string): Promise<FilterOption[]> {
  const { data } = await dataProvider.getList({
    resource: 'customers',
    pagination: { current: 1, pageSize: CUSTOMER_OPTIONS_LIMIT },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const options = data.map((c) => ({ value: c.id, label: customerLabel(c.name) }));
  if (chosenId && UUID.test(chosenId) && !options.some((o) => o.value === chosenId)) {
    const { data: chosen } = await dataProvider.getMany({ resource: 'customers', ids: [chosenId] });
    for (const c of chosen) options.push({ value: c.id, label: customerLabel(c.name) });
  }
  return options;
}

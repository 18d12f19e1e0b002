import { BOOKING_STATUSES, PLATFORMS } from '@contract/reference';
import { isCalendarDate } from '@contract/resources';
import { dataProvider } from '@src/api/dataProvider';
import { loadPlatformNames } from '@src/api/referenceData';
import type { FilterOption } from '@src/ui/FilterSelect';
import type { ListFilterField } from '@src/ui/resourceList/listSearchParams';

const STATUS_VALUES: readonly string[] = BOOKING_STATUSES;
const PLATFORM_KEYS: readonly string[] = PLATFORMS.map((p) => p.key);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bookings table's filters and their URL keys:
 * `?name=spring&status=confirmed&platform=meta&campaign=<id>&from=2026-03-01&to=2026-03-31` →
 * `name_like=spring&status=confirmed&platformKey=meta&campaignId=<id>&endDate_gte=2026-03-01&startDate_lte=2026-03-31`.
 * The date range keeps the bookings that overlap it: ending on or after its first day and starting on or
 * before its last. A URL value that cannot be right (unknown status or platform, malformed id or date) is
 * ignored rather than sent.
 */
export const BOOKING_FILTERS: readonly ListFilterField[] = [
  { field: 'name', operator: 'contains' },
  { field: 'status', operator: 'eq', accepts: (value) => STATUS_VALUES.includes(value) },
  {
    field: 'platformKey',
    operator: 'eq',
    param: 'platform',
    accepts: (value) => PLATFORM_KEYS.includes(value),
  },
  { field: 'campaignId', operator: 'eq', param: 'campaign', accepts: (value) => UUID.test(value) },
  { field: 'endDate', operator: 'gte', param: 'from', accepts: isCalendarDate },
  { field: 'startDate', operator: 'lte', param: 'to', accepts: isCalendarDate },
];

/** The filter fields holding the date range's first and last day. */
export const RANGE_FROM_FIELD = 'endDate';
export const RANGE_TO_FIELD = 'startDate';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const BOOKING_STATUS_OPTIONS: readonly FilterOption[] = BOOKING_STATUSES.map((status) => ({
  value: status,
  label: capitalize(status),
}));

/** The platforms as filter options (GET /api/platforms, asked once per page load). */
export async function loadPlatformOptions(): Promise<FilterOption[]> {
  const names = await loadPlatformNames();
  return [...names].map(([value, label]) => ({ value, label }));
}

/** The most campaigns the campaign filter lists (one page of the data provider), by name. */
export const CAMPAIGN_OPTIONS_LIMIT = 100;

/**
 * The account's campaigns as filter options, by name; the chosen one (from the URL) is added when it is not
 * among them (more campaigns than the list holds).
 */
export async function loadCampaignOptions(chosenId: string): Promise<FilterOption[]> {
  const { data } = await dataProvider.getList({
    resource: 'campaigns',
    pagination: { current: 1, pageSize: CAMPAIGN_OPTIONS_LIMIT },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const options = data.map((c) => ({ value: c.id, label: c.name }));
  if (chosenId && UUID.test(chosenId) && !options.some((o) => o.value === chosenId)) {
    const { data: chosen } = await dataProvider.getMany({ resource: 'campaigns', ids: [chosenId] });
    for (const c of chosen) options.push({ value: c.id, label: c.name });
  }
  return options;
}

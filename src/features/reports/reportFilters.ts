import { CAMPAIGN_STATUSES } from '@contract/reference';
import { dataProvider } from '@src/api/dataProvider';
import { loadPlatformNames } from '@src/api/referenceData';
import type { FilterOption } from '@src/ui/FilterSelect';

/** How many names a picker lists while typing. */
const PICKER_SIZE = 20;
const nameOr = (name: string, fallback: string) => name.trim() || fallback;

/** Customers whose name contains `text` (GET /api/customers?name_like=…), by name. */
export async function searchCustomers(text: string, signal: AbortSignal): Promise<FilterOption[]> {
  const { data } = await dataProvider.getList({
    resource: 'customers',
    pagination: { current: 1, pageSize: PICKER_SIZE },
    sorters: [{ field: 'name', order: 'asc' }],
    filters: text.trim() ? [{ field: 'name', operator: 'contains', value: text.trim() }] : [],
    signal,
  });
  return data.map((customer) => ({ value: customer.id, label: nameOr(customer.name, 'Unnamed customer') }));
}

export async function customerNames(ids: readonly string[]): Promise<FilterOption[]> {
  const { data } = await dataProvider.getMany({ resource: 'customers', ids });
  return data.map((customer) => ({ value: customer.id, label: nameOr(customer.name, 'Unnamed customer') }));
}

/** Campaigns whose name contains `text` (GET /api/campaigns?name_like=…), by name. */
export async function searchCampaigns(text: string, signal: AbortSignal): Promise<FilterOption[]> {
  const { data } = await dataProvider.getList({
    resource: 'campaigns',
    pagination: { current: 1, pageSize: PICKER_SIZE },
    sorters: [{ field: 'name', order: 'asc' }],
    filters: text.trim() ? [{ field: 'name', operator: 'contains', value: text.trim() }] : [],
    signal,
  });
  return data.map((campaign) => ({ value: campaign.id, label: nameOr(campaign.name, 'Unnamed campaign') }));
}

export async function campaignNames(ids: readonly string[]): Promise<FilterOption[]> {
  const { data } = await dataProvider.getMany({ resource: 'campaigns', ids });
  return data.map((campaign) => ({ value: campaign.id, label: nameOr(campaign.name, 'Unnamed campaign') }));
}

export async function platformOptions(): Promise<FilterOption[]> {
  const names = await loadPlatformNames();
  return [...names].map(([value, label]) => ({ value, label }));
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const STATUS_OPTIONS: readonly FilterOption[] = CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: capitalize(status),
}));

import {
  ACTIVITY_ENTITIES,
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntity,
  type ActivityFilters,
} from '@contract/activity';
import { isCalendarDate } from '@contract/resources';
import type { FetchPageInput } from '@machines/resourceList';
import { loadActivityPage } from '@src/api/activity';
import type { FilterOption } from '../FilterSelect';
import type { ListFilterField } from '../resourceList/listSearchParams';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENTITIES: readonly string[] = ACTIVITY_ENTITIES;

/**
 * The change log's filters and their URL keys: `?who=<user id>&what=campaign&from=2026-03-01&to=2026-03-31`
 * (and `campaign=<id>` on the account-wide page). A URL value that cannot be right is ignored, not sent.
 */
export const ACTIVITY_FILTERS: readonly ListFilterField[] = [
  { field: 'actorId', operator: 'eq', param: 'who', accepts: (value) => UUID.test(value) },
  { field: 'entity', operator: 'eq', param: 'what', accepts: (value) => ENTITIES.includes(value) },
  { field: 'from', operator: 'gte', accepts: isCalendarDate },
  { field: 'to', operator: 'lte', accepts: isCalendarDate },
];

export const ENTITY_OPTIONS: readonly FilterOption[] = ACTIVITY_ENTITIES.map((entity) => ({
  value: entity,
  label: ACTIVITY_ENTITY_LABELS[entity],
}));

/** The table's filters as the API takes them; `campaignId` fixed for a campaign's own tab. */
export function filtersOf(input: Pick<FetchPageInput, 'filters'>, campaignId?: string): ActivityFilters {
  const value = (field: string) => input.filters.find((f) => f.field === field)?.value || undefined;
  const filters: ActivityFilters = {};
  const actorId = value('actorId');
  if (actorId) filters.actorId = actorId;
  const entity = value('entity');
  if (entity && ENTITIES.includes(entity)) filters.entity = entity as ActivityEntity;
  const from = value('from');
  if (from) filters.from = from;
  const to = value('to');
  if (to) filters.to = to;
  const campaign = campaignId ?? value('campaignId');
  if (campaign) filters.campaignId = campaign;
  return filters;
}

/** One page of the log for the table (`page` is 1-based, as the list machine counts). */
export function fetchActivityPage(campaignId?: string) {
  return (input: FetchPageInput, signal: AbortSignal) => {
    const size = input.pageSize || ACTIVITY_PAGE_SIZE;
    const start = (input.page - 1) * size;
    return loadActivityPage(filtersOf(input, campaignId), { start, end: start + size }, signal);
  };
}

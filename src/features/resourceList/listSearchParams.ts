import type { ListFilter, ListParams, ListSorter } from '../../../machines/resourceList';

/**
 * How a table's parameters live in the URL: `?page=2&sort=name&order=asc&name=foo`.
 * Defaults are left out (page 1, no sort, empty filters) and unrelated parameters (e.g. a modal's) are kept.
 */
export interface ListUrlConfig {
  /** Columns that may be sorted; any other `sort` value in the URL is ignored. */
  sortableFields: readonly string[];
  /** Filter inputs, each under its own URL key (the field name), e.g. `name` → `name_like`. */
  filterFields: readonly { field: string; operator: ListFilter['operator'] }[];
}

const PAGE = 'page';
const SORT = 'sort';
const ORDER = 'order';

export function paramsFromSearch(search: URLSearchParams, config: ListUrlConfig): ListParams {
  const pageText = search.get(PAGE) ?? '';
  const page = /^\d+$/.test(pageText) ? Number(pageText) : 1;
  const sortField = search.get(SORT);
  const order = search.get(ORDER) === 'desc' ? 'desc' : 'asc';
  const sorters: ListSorter[] =
    sortField && config.sortableFields.includes(sortField) ? [{ field: sortField, order }] : [];
  const filters: ListFilter[] = [];
  for (const { field, operator } of config.filterFields) {
    const value = search.get(field);
    if (value && value.trim() !== '') filters.push({ field, operator, value });
  }
  return { page: page >= 1 ? page : 1, sorters, filters };
}

/** The search string for `params`, keeping every parameter the table does not own. */
export function searchWithParams(
  current: URLSearchParams,
  params: ListParams,
  config: ListUrlConfig,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [PAGE, SORT, ORDER, ...config.filterFields.map((f) => f.field)]) next.delete(key);
  if (params.page > 1) next.set(PAGE, String(params.page));
  const [sorter] = params.sorters;
  if (sorter) {
    next.set(SORT, sorter.field);
    next.set(ORDER, sorter.order);
  }
  for (const filter of params.filters) {
    if (filter.value.trim() !== '') next.set(filter.field, filter.value);
  }
  return next;
}

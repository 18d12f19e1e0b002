import type { ListFilter, ListParams, ListSorter } from '@machines/resourceList';

/**
 * How a table's parameters live in the URL: `?page=2&sort=name&order=asc&name=foo`.
 * Defaults are left out (page 1, no sort, empty filters) and unrelated parameters (e.g. a modal's) are kept.
 */
export interface ListUrlConfig {
  /** Columns that may be sorted; any other `sort` value in the URL is ignored. */
  sortableFields: readonly string[];
  /** Filter inputs, each under its own URL key (the field name unless `param` says otherwise). */
  filterFields: readonly ListFilterField[];
}

/** One filter of a table: `name` (contains) → `?name=spring` → `name_like=spring`. */
export interface ListFilterField {
  field: string;
  operator: ListFilter['operator'];
  /** The URL key when it differs from the field, e.g. `platform` for the `platforms` field. */
  param?: string;
  /** URL values the filter accepts; anything else in the URL is ignored (a stale or mistyped link). */
  accepts?: (value: string) => boolean;
}

const paramOf = (filter: ListFilterField) => filter.param ?? filter.field;

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
  for (const filter of config.filterFields) {
    const value = search.get(paramOf(filter));
    if (!value || value.trim() === '') continue;
    if (filter.accepts && !filter.accepts(value)) continue;
    filters.push({ field: filter.field, operator: filter.operator, value });
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
  for (const key of [PAGE, SORT, ORDER, ...config.filterFields.map(paramOf)]) next.delete(key);
  if (params.page > 1) next.set(PAGE, String(params.page));
  const [sorter] = params.sorters;
  if (sorter) {
    next.set(SORT, sorter.field);
    next.set(ORDER, sorter.order);
  }
  for (const filter of params.filters) {
    const field = config.filterFields.find((f) => f.field === filter.field);
    if (field && filter.value.trim() !== '') next.set(paramOf(field), filter.value);
  }
  return next;
}

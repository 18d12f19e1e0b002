import type { SnapshotFrom } from 'xstate';
import type { ResourceListMachine } from './resourceList.machine';
import type { ListFilter, ResourceListEvent, SortOrder } from './resourceList.types';

export type ResourceListSnapshot = SnapshotFrom<ResourceListMachine>;

/** One entry of the pager: a page number, or a gap ("…") between distant numbers. */
export type PageItem = { type: 'page'; page: number; isCurrent: boolean } | { type: 'gap'; key: string };

/** Everything a server-backed table shows, derived from the machine's snapshot. */
export interface ResourceListView<Row> {
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
  /** At least 1, so "Page 1 of 1" reads well for an empty table. */
  pageCount: number;
  /** "Showing 11–20 of 60"; "No results" when nothing matches. */
  rangeLabel: string;
  /** The pager's numbered buttons, e.g. 1 … 4 5 6 … 12. */
  pageItems: PageItem[];
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  /** A request is on its way (the rows on screen are the previous ones). */
  isLoading: boolean;
  /** Nothing has been loaded yet: show placeholders rather than an empty table. */
  isFirstLoad: boolean;
  /** Loaded, and nothing matches. */
  isEmpty: boolean;
  /** The last request failed: show `errorMessage` and a "Try again" button. */
  isFailed: boolean;
  errorMessage: string | null;
  /** Some filter has a value. */
  isFiltered: boolean;
  sortOrderOf: (field: string) => SortOrder | null;
  /** The `aria-sort` of a column header. */
  ariaSortOf: (field: string) => 'ascending' | 'descending' | 'none';
  /** The value typed in a filter input ('' when none). */
  filterValueOf: (field: string) => string;
  goToPage: (page: number) => void;
  toggleSort: (field: string) => void;
  /** Typing in a filter input: the table reloads once typing pauses. */
  changeFilter: (field: string, value: string, operator?: ListFilter['operator']) => void;
  /** A value chosen in a filter menu ('' for any): the table reloads at once. */
  selectFilter: (field: string, value: string, operator?: ListFilter['operator']) => void;
  clearFilters: () => void;
  /** “Try again” after a failed load. */
  retry: () => void;
  /** Asks for the page again (after a change made elsewhere). */
  refresh: () => void;
}

/** Page numbers around the current one, always with the first and the last; gaps as "…". */
export function pageItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  const wanted = new Set<number>([1, pageCount]);
  for (let p = page - siblings; p <= page + siblings; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  // A gap of a single page is shown as that page: "1 2 3" instead of "1 … 3".
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ type: 'page', page: p - 1, isCurrent: p - 1 === page });
    else if (p - previous > 2) items.push({ type: 'gap', key: `gap-${previous}-${p}` });
    items.push({ type: 'page', page: p, isCurrent: p === page });
    previous = p;
  }
  return items;
}

export function rangeLabel(page: number, pageSize: number, total: number, shown: number): string {
  if (total === 0 || shown === 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = from + shown - 1;
  return `Showing ${from}–${to} of ${total}`;
}

export function connectResourceList<Row = unknown>(
  snapshot: ResourceListSnapshot,
  send: (event: ResourceListEvent) => void,
): ResourceListView<Row> {
  const { rows, total, page, pageSize, sorters, filters, hasLoaded, error } = snapshot.context;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const isLoading = snapshot.matches('loading');
  const isFailed = snapshot.matches('failed');
  const sortOrderOf = (field: string) => sorters.find((s) => s.field === field)?.order ?? null;
  return {
    goToPage: (page) => send({ type: 'page.change', page }),
    toggleSort: (field) => send({ type: 'sort.toggle', field }),
    changeFilter: (field, value, operator) => send({ type: 'filter.change', field, value, operator }),
    selectFilter: (field, value, operator) => send({ type: 'filter.select', field, value, operator }),
    clearFilters: () => send({ type: 'filters.clear' }),
    retry: () => send({ type: 'retry' }),
    refresh: () => send({ type: 'list.refresh' }),
    rows: rows as readonly Row[],
    total,
    page,
    pageSize,
    pageCount,
    rangeLabel: hasLoaded ? rangeLabel(page, pageSize, total, rows.length) : '',
    pageItems: pageItems(Math.min(page, pageCount), pageCount),
    hasPreviousPage: page > 1,
    hasNextPage: page < pageCount,
    isLoading,
    isFirstLoad: !hasLoaded && !isFailed,
    isEmpty: hasLoaded && !isLoading && total === 0,
    isFailed,
    errorMessage: isFailed ? (error?.message ?? 'Sorry, something went wrong.') : null,
    isFiltered: filters.some((f) => f.value.trim() !== ''),
    sortOrderOf,
    ariaSortOf: (field) => {
      const order = sortOrderOf(field);
      return order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none';
    },
    filterValueOf: (field) => filters.find((f) => f.field === field)?.value ?? '',
  };
}

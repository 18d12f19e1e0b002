/**
 * Types of the server-backed table (`resourceList`): what the machine remembers, the events it accepts,
 * the input it starts from, what it emits, and the shape of its `fetchPage` actor.
 */

export type SortOrder = 'asc' | 'desc';

export interface ListSorter {
  field: string;
  order: SortOrder;
}

/**
 * A filter the table sends to the data provider (`contains` → `field_like`, `eq` → `field=`, `gte` →
 * `field_gte`, `lte` → `field_lte`: a date range is two of them, on one field each).
 */
export interface ListFilter {
  field: string;
  operator: 'contains' | 'eq' | 'gte' | 'lte';
  value: string;
}

/** Everything that decides which rows are shown, and what the URL carries. */
export interface ListParams {
  /** 1-based page number. */
  page: number;
  /** At most one sorter: clicking a column header replaces the previous one. */
  sorters: ListSorter[];
  /** Only non-empty filters are kept. */
  filters: ListFilter[];
}

/** Why the last page could not be loaded. */
export interface ListError {
  message: string;
  /** HTTP status of the refusal, null when the server could not be reached. */
  status: number | null;
}

export interface ResourceListContext extends ListParams {
  /** Path segment under /api, e.g. `campaigns`. */
  resource: string;
  pageSize: number;
  /** Rows of the last page loaded; kept while the next one loads so the table does not flash. */
  rows: readonly unknown[];
  /** Number of records matching the filters (the `x-total-count` of the last answer). */
  total: number;
  /** Whether any page has been loaded yet (tells "no rows yet" apart from "no rows"). */
  hasLoaded: boolean;
  error: ListError | null;
}

export type ResourceListEvent =
  /** Go to another page (the pager's previous / next / number buttons). */
  | { type: 'page.change'; page: number }
  /** A click on a sortable column header: asc → desc → unsorted; another column starts at asc. */
  | { type: 'sort.toggle'; field: string }
  /** A keystroke in a filter input; the table reloads once typing pauses. */
  | { type: 'filter.change'; field: string; value: string; operator?: ListFilter['operator'] }
  /** A value chosen in a filter menu (status, platform, customer; '' for any): reloads at once, page 1. */
  | { type: 'filter.select'; field: string; value: string; operator?: ListFilter['operator'] }
  /** “Clear filters”: every filter emptied, back to page 1. */
  | { type: 'filters.clear' }
  /** The URL changed from outside (back/forward, a link, a reload): take its parameters. */
  | { type: 'params.sync'; params: ListParams }
  /** Try the failed request again. */
  | { type: 'retry' }
  /** Asks for the current page again (something changed the rows elsewhere). */
  | { type: 'list.refresh' };

export interface ResourceListInput {
  resource: string;
  pageSize?: number;
  /** Initial parameters, usually read from the URL. */
  params?: Partial<ListParams>;
}

/** Emitted when the person changed the parameters; the view writes them to the URL (the machine never routes). */
export type ResourceListEmitted = { type: 'params.changed'; params: ListParams };

/** Input of the `fetchPage` actor (provided by `src/`). */
export interface FetchPageInput extends ListParams {
  resource: string;
  pageSize: number;
}

/** Output of the `fetchPage` actor: one page of rows and the total count. */
export interface FetchPageOutput {
  data: readonly unknown[];
  total: number;
}

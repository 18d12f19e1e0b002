import type { FetchPageInput, ResourceListView } from '@machines/resourceList';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../a11y.css';
import { Button } from '../Button';
import { SearchIcon } from '../icons';
import * as styles from '../table.css';
import type { ListFilterField } from './listSearchParams';
import { type CardPart, type SkeletonWidth, SortableHeader, type TableColumn } from './SortableHeader';
import { TableFooter } from './TableFooter';
import { useResourceList } from './useResourceList';

export type { TableColumn };

/** What a toolbar's filter menus need from the table: the chosen values and the events that change them. */
export interface TableFilterControls<Row> {
  view: ResourceListView<Row>;
  /** A value chosen in a filter menu ('' for any): the table reloads at once, from page 1. */
  selectFilter: (field: string, value: string) => void;
  /** Removes every filter, the name search included. */
  clearFilters: () => void;
}

/** Filters beyond the name search: their URL binding, their menus in the toolbar, and the no-match state. */
export interface TableFilters<Row> {
  /** Every filter field the URL carries, the search field included (see `ListFilterField`). */
  fields: readonly ListFilterField[];
  /** The filter menus, shown in the toolbar after the search. */
  toolbar: (controls: TableFilterControls<Row>) => ReactNode;
  /** The explanation under "No {noun} match these filters", given the trimmed name search ('' for none). */
  noMatchText: (search: string) => string;
}

export interface ResourceTableProps<Row> {
  /** The page heading, e.g. "Bookings". */
  title: string;
  subtitle: string;
  /** Plural noun for counts and messages, e.g. "bookings". */
  noun: string;
  resource: string;
  columns: readonly TableColumn<Row>[];
  sortableFields: readonly string[];
  /** The name search (`name_like`); leave out for a table without search. */
  searchField?: string;
  /** Filter menus beside the search; with them, an empty filtered page offers *Clear filters*. */
  filters?: TableFilters<Row>;
  /**
   * The empty state's text when the account has no rows at all (default "{Noun} of this account appear
   * here."); it may hold a link (e.g. where such rows come from).
   */
  emptyText?: ReactNode;
  fetchPage: (input: FetchPageInput, signal: AbortSignal) => Promise<{ data: readonly Row[]; total: number }>;
  rowKey: (row: Row) => string;
  /** Buttons next to the heading (e.g. "New campaign"). */
  actions?: ReactNode;
  /** Modals driven by the URL; `refresh` asks for the current page again (after one changed the rows). */
  modals?: (refresh: () => void) => ReactNode;
  /** The title's heading level: 1 for a page (default), 2 for a table inside a page (a tab). */
  headingLevel?: 1 | 2;
}

/** Placeholder widths of columns that do not choose one, in column order. */
const SKELETON_WIDTHS: readonly SkeletonWidth[] = ['long', 'short', 'medium', 'medium', 'short', 'short'];

/**
 * A server-backed table over the `resourceList` chart, the URL holding its page, sort, search and filters,
 * for any resource of the data provider: every list page (campaigns, customers, bookings, budgets) is this
 * table with its columns, plus, where it has them, filter menus in the toolbar (`filters`).
 */
export function ResourceTable<Row>({
  title,
  subtitle,
  noun,
  resource,
  columns,
  sortableFields,
  searchField,
  filters,
  emptyText,
  fetchPage,
  rowKey,
  actions,
  modals,
  headingLevel = 1,
}: ResourceTableProps<Row>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const searchFilters = useStable(
    searchField ? [{ field: searchField, operator: 'contains' as const }] : NO_FILTERS,
  );
  const { view, goToPage, toggleSort, changeFilter, selectFilter, clearFilters, retry, refresh } =
    useResourceList<Row>({
      resource,
      sortableFields,
      filterFields: filters?.fields ?? searchFilters,
      fetchPage,
    });
  const search = searchField ? view.filterValueOf(searchField) : '';
  const colSpan = columns.length;
  const rangeId = `${resource}-range`;

  return (
    <>
      <div className={styles.header}>
        <div>
          <Heading className={styles.title}>
            {title}
            {view.isFirstLoad ? null : (
              <span className={styles.count} title={`${view.total} ${noun}`}>
                <span aria-hidden="true">{view.total}</span>
                <span className={visuallyHidden}>{`${view.total} ${noun}`}</span>
              </span>
            )}
          </Heading>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {actions}
      </div>

      <section className={styles.card} aria-label={`${title} table`}>
        {view.isLoading && !view.isFirstLoad ? <div className={styles.progress} aria-hidden="true" /> : null}
        {searchField || filters ? (
          <div className={styles.toolbar}>
            {searchField ? (
              // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023
              <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
                <label htmlFor={`${resource}-search`} className={visuallyHidden}>
                  Search {noun} by name
                </label>
                <SearchIcon className={styles.searchIcon} />
                <input
                  id={`${resource}-search`}
                  className={styles.searchInput}
                  type="search"
                  placeholder="Search by name…"
                  autoComplete="off"
                  spellCheck={false}
                  value={search}
                  onChange={(event) => changeFilter(searchField, event.currentTarget.value)}
                />
              </form>
            ) : null}
            {filters?.toolbar({ view, selectFilter, clearFilters })}
          </div>
        ) : null}

        <div className={styles.tableWrap}>
          <table
            className={`${styles.table} ${styles.cards}`}
            aria-busy={view.isLoading}
            aria-describedby={rangeId}
          >
            <caption className={visuallyHidden}>{title}</caption>
            <SortableHeader
              columns={columns}
              sortOrderOf={view.sortOrderOf}
              ariaSortOf={view.ariaSortOf}
              onSort={toggleSort}
            />
            <tbody
              className={[styles.body, view.isLoading && !view.isFirstLoad ? styles.bodyStale : ''].join(' ')}
            >
              {view.isFailed ? (
                <tr>
                  <td colSpan={colSpan} className={styles.stateCell}>
                    <div role="alert">
                      <p className={styles.errorTitle}>The {noun} could not be loaded.</p>
                      <p className={styles.stateText}>{view.errorMessage}</p>
                    </div>
                    <div className={styles.stateAction}>
                      <Button variant="secondary" onClick={retry}>
                        Try again
                      </Button>
                    </div>
                  </td>
                </tr>
              ) : view.isFirstLoad ? (
                Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <tr key={i} className={styles.row}>
                    {columns.map((column, j) => (
                      <td key={column.label} className={cellClass(column, j)}>
                        {i === 0 && j === 0 ? <span className={visuallyHidden}>Loading {noun}…</span> : null}
                        <span
                          className={`${styles.skeleton} ${styles.skeletonWidth[column.skeletonWidth ?? SKELETON_WIDTHS[j % SKELETON_WIDTHS.length]!]}`}
                          aria-hidden="true"
                        />
                      </td>
                    ))}
                  </tr>
                ))
              ) : view.isEmpty ? (
                <tr>
                  <td colSpan={colSpan} className={styles.stateCell}>
                    {view.isFiltered && filters ? (
                      <>
                        <p className={styles.stateTitle}>No {noun} match these filters</p>
                        <p className={styles.stateText}>{filters.noMatchText(search.trim())}</p>
                        <div className={styles.stateAction}>
                          <Button variant="secondary" onClick={clearFilters}>
                            Clear filters
                          </Button>
                        </div>
                      </>
                    ) : view.isFiltered && searchField ? (
                      <>
                        <p className={styles.stateTitle}>
                          No {noun} match “{search.trim()}”
                        </p>
                        <p className={styles.stateText}>Check the spelling or search for another name.</p>
                        <div className={styles.stateAction}>
                          <Button variant="secondary" onClick={() => changeFilter(searchField, '')}>
                            Clear search
                          </Button>
                        </div>
                      </>
                    ) : (
                      <>
                        <p className={styles.stateTitle}>No {noun} yet</p>
                        <p className={styles.stateText}>
                          {emptyText ?? `${capitalize(noun)} of this account appear here.`}
                        </p>
                      </>
                    )}
                  </td>
                </tr>
              ) : (
                view.rows.map((row) => (
                  <tr key={rowKey(row)} className={styles.row}>
                    {columns.map((column, j) => (
                      <td
                        key={column.label}
                        className={cellClass(column, j)}
                        data-label={cardPart(column, j) === 'field' ? column.label : undefined}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>

        <TableFooter view={view} rangeId={rangeId} goToPage={goToPage} />
      </section>
      {modals?.(refresh)}
    </>
  );
}

/**
 * A body cell's classes: money right-aligned, the sticky column pinned to the right edge, a wrapping one
 * allowed a second line, and its part of the row's card on a phone.
 */
function cellClass(column: TableColumn<never>, index: number): string {
  return [
    styles.td,
    column.numeric ? styles.money : '',
    column.sticky ? styles.stickyEnd : '',
    column.wrap ? styles.wrap : '',
    styles.cardCell[cardPart(column, index)],
  ]
    .filter(Boolean)
    .join(' ');
}

/** The cell's part of the card: the column's choice, else the title (first), the actions (sticky) or a field. */
function cardPart(column: { card?: CardPart; sticky?: boolean }, index: number): CardPart {
  return column.card ?? (index === 0 ? 'title' : column.sticky ? 'actions' : 'field');
}

const NO_FILTERS: readonly { field: string; operator: 'contains' }[] = [];

const stableFilters = new Map<string, readonly { field: string; operator: 'contains' }[]>();
/** The same array for the same filters, so the table's URL binding does not re-run on every render. */
function useStable(filters: readonly { field: string; operator: 'contains' }[]) {
  const key = filters.map((f) => f.field).join(',');
  let stable = stableFilters.get(key);
  if (!stable) {
    stable = filters;
    stableFilters.set(key, stable);
  }
  return stable;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

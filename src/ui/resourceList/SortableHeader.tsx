import type { ReactNode } from 'react';
import { SortIcon } from '../icons';
import * as styles from '../table.css';

/** The width of a column's loading placeholder. */
export type SkeletonWidth = 'short' | 'medium' | 'long';

/** The parts of a row's card on a phone (ResourceTable). */
export type CardPart = 'title' | 'badge' | 'field' | 'actions' | 'hidden';

/** What a table column says about its header; `cell` renders its rows. */
export interface TableColumn<Row> {
  label: string;
  /** The `_sort` field; columns without one do not sort. */
  sortField?: string;
  numeric?: boolean;
  /** Pinned to the right edge when the table scrolls sideways. */
  sticky?: boolean;
  /** Its cells may take a second line, so that the table fits its card rather than scroll sideways. */
  wrap?: boolean;
  /**
   * How its cells show when the rows are cards (a phone): the card's title, a badge beside the title, a field
   * under it labelled with the column's name, the card's actions, or left out. Default: the first column is
   * the title, the sticky one the actions, any other a labelled field.
   */
  card?: CardPart;
  /** Its placeholder while the first page loads (default: a width by position). */
  skeletonWidth?: SkeletonWidth;
  cell: (row: Row) => ReactNode;
}

/** The header row of a server-sorted table: sortable columns are buttons, `aria-sort` says the order. */
export function SortableHeader<Row>({
  columns,
  sortOrderOf,
  ariaSortOf,
  onSort,
}: {
  columns: readonly TableColumn<Row>[];
  sortOrderOf: (field: string) => 'asc' | 'desc' | null;
  ariaSortOf: (field: string) => 'ascending' | 'descending' | 'none';
  onSort: (field: string) => void;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { sortField } = column;
          const order = sortField ? sortOrderOf(sortField) : null;
          const classes = [
            styles.th,
            column.numeric ? styles.numeric : '',
            column.sticky ? styles.stickyEnd : '',
            order ? styles.sortedHeader : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <th
              key={column.label}
              scope="col"
              className={classes}
              aria-sort={sortField ? ariaSortOf(sortField) : undefined}
            >
              {sortField ? (
                <button type="button" className={styles.sortButton} onClick={() => onSort(sortField)}>
                  {column.label}
                  <SortIcon order={order} className={order ? styles.sortIconActive : styles.sortIcon} />
                </button>
              ) : (
                column.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

import type { ReactNode } from 'react';
import type { ResourceListView } from '../../../machines/resourceList';
import { visuallyHidden } from '../a11y.css';
import { Button } from '../Button';
import * as styles from './settings.css';

export interface RecordRow {
  id: string;
  name: string;
  isCurrent: boolean;
  /** Badges after the name (e.g. the plan). */
  badges?: ReactNode[];
  /** Short facts under the name, e.g. the creation date. */
  meta: ReactNode[];
  /** The row's button or link (Switch, Open), or null. */
  action: ReactNode;
}

/** First letter of each of the first two words: “Northwind Media” → “NM”. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0]?.slice(0, 2) ?? '?')).toUpperCase();
}

/**
 * The organizations / accounts list: placeholders while the first page loads, the rows (current one
 * marked), an empty state, an error with “Try again”, and Previous / Next when there is more than a page.
 */
export function RecordList<Row>({
  label,
  view,
  toRow,
  emptyTitle,
  emptyText,
  emptyAction,
  errorTitle,
  goToPage,
  retry,
}: {
  label: string;
  view: ResourceListView<Row>;
  toRow: (row: Row) => RecordRow;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: ReactNode;
  errorTitle: string;
  goToPage: (page: number) => void;
  retry: () => void;
}) {
  if (view.isFailed) {
    return (
      <div className={styles.listState}>
        <div role="alert">
          <p className={styles.errorTitle}>{errorTitle}</p>
          <p className={styles.stateText}>{view.errorMessage}</p>
        </div>
        <div className={styles.stateAction}>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (view.isFirstLoad) {
    return (
      <ul className={styles.list} aria-busy="true" aria-label={label}>
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.listItem}>
            {i === 0 ? <span className={visuallyHidden}>Loading…</span> : null}
            <span className={styles.skeletonAvatar} aria-hidden="true" />
            <span className={styles.itemText} aria-hidden="true">
              <span className={`${styles.skeleton} ${styles.skeletonWidth.long}`} />
              <span className={`${styles.skeleton} ${styles.skeletonWidth.short}`} />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (view.isEmpty) {
    return (
      <div className={styles.listState}>
        <p className={styles.stateTitle}>{emptyTitle}</p>
        <p className={styles.stateText}>{emptyText}</p>
        {emptyAction ? <div className={styles.stateAction}>{emptyAction}</div> : null}
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label={label} aria-busy={view.isLoading}>
        {view.rows.map((raw) => {
          const row = toRow(raw);
          return (
            <li
              key={row.id}
              className={row.isCurrent ? `${styles.listItem} ${styles.listItemCurrent}` : styles.listItem}
              aria-current={row.isCurrent ? 'true' : undefined}
            >
              <span className={styles.avatar} aria-hidden="true">
                {initials(row.name)}
              </span>
              <div className={styles.itemText}>
                <p className={styles.itemName}>
                  <span>{row.name}</span>
                  {row.badges}
                  {row.isCurrent ? <span className={styles.badge.current}>Current</span> : null}
                </p>
                <p className={styles.itemMeta}>
                  {row.meta.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of facts
                    <span key={index} className={styles.metaItem}>
                      {index > 0 ? <span className={styles.metaDot} aria-hidden="true" /> : null}
                      {item}
                    </span>
                  ))}
                </p>
              </div>
              {row.action ? <div className={styles.itemAction}>{row.action}</div> : null}
            </li>
          );
        })}
      </ul>
      {view.pageCount > 1 ? (
        <nav className={styles.pager} aria-label="Pagination">
          <span aria-live="polite">{view.rangeLabel}</span>
          <span className={styles.pagerButtons}>
            <Button
              variant="secondary"
              disabled={!view.hasPreviousPage}
              onClick={() => goToPage(view.page - 1)}
            >
              Previous
            </Button>
            <Button variant="secondary" disabled={!view.hasNextPage} onClick={() => goToPage(view.page + 1)}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </>
  );
}

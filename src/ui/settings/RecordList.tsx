import type { ResourceListView } from '@machines/resourceList';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../ui/a11y.css';
import { Button } from '../../ui/Button';
import * as badgeCss from '../../ui/badge.css';
import * as listCss from '../../ui/list.css';
import * as stateCss from '../../ui/state.css';

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
      <div className={listCss.listState}>
        <div role="alert">
          <p className={stateCss.errorTitle}>{errorTitle}</p>
          <p className={stateCss.stateText}>{view.errorMessage}</p>
        </div>
        <div className={stateCss.stateAction}>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (view.isFirstLoad) {
    return (
      <ul className={listCss.list} aria-busy="true" aria-label={label}>
        {[0, 1, 2].map((i) => (
          <li key={i} className={listCss.listItem}>
            {i === 0 ? <span className={visuallyHidden}>Loading…</span> : null}
            <span className={listCss.skeletonAvatar} aria-hidden="true" />
            <span className={listCss.itemText} aria-hidden="true">
              <span className={`${stateCss.skeleton} ${listCss.skeletonWidth.long}`} />
              <span className={`${stateCss.skeleton} ${listCss.skeletonWidth.short}`} />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (view.isEmpty) {
    return (
      <div className={listCss.listState}>
        <p className={stateCss.stateTitle}>{emptyTitle}</p>
        <p className={stateCss.stateText}>{emptyText}</p>
        {emptyAction ? <div className={stateCss.stateAction}>{emptyAction}</div> : null}
      </div>
    );
  }
  return (
    <>
      <ul className={listCss.list} aria-label={label} aria-busy={view.isLoading}>
        {view.rows.map((raw) => {
          const row = toRow(raw);
          return (
            <li
              key={row.id}
              className={row.isCurrent ? `${listCss.listItem} ${listCss.listItemCurrent}` : listCss.listItem}
              aria-current={row.isCurrent ? 'true' : undefined}
            >
              <span className={listCss.avatar} aria-hidden="true">
                {initials(row.name)}
              </span>
              <div className={listCss.itemText}>
                <p className={listCss.itemName}>
                  <span>{row.name}</span>
                  {row.badges}
                  {row.isCurrent ? <span className={badgeCss.labelBadge.current}>Current</span> : null}
                </p>
                <p className={listCss.itemMeta}>
                  {row.meta.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of facts
                    <span key={index} className={listCss.metaItem}>
                      {index > 0 ? <span className={listCss.metaDot} aria-hidden="true" /> : null}
                      {item}
                    </span>
                  ))}
                </p>
              </div>
              {row.action ? <div className={listCss.itemAction}>{row.action}</div> : null}
            </li>
          );
        })}
      </ul>
      {view.pageCount > 1 ? (
        <nav className={listCss.pager} aria-label="Pagination">
          <span aria-live="polite">{view.rangeLabel}</span>
          <span className={listCss.pagerButtons}>
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

import type { ResourceListView } from '@machines/resourceList/resourceList.connect';
import { ChevronIcon } from '../icons';
import * as styles from '../table.css';

type PagerView = Pick<
  ResourceListView<unknown>,
  'rangeLabel' | 'pageCount' | 'page' | 'pageItems' | 'hasPreviousPage' | 'hasNextPage'
>;

/** "Showing 11–20 of 30" and the pager under every server-backed table. */
export function TableFooter({
  view,
  rangeId,
  goToPage,
}: {
  view: PagerView;
  rangeId: string;
  goToPage: (page: number) => void;
}) {
  return (
    <div className={styles.footer}>
      <p id={rangeId} className={styles.range} aria-live="polite">
        {view.rangeLabel}
      </p>
      {view.pageCount > 1 ? (
        <nav aria-label="Pagination" className={styles.pager}>
          <button
            type="button"
            className={styles.stepButton}
            disabled={!view.hasPreviousPage}
            onClick={() => goToPage(view.page - 1)}
          >
            <ChevronIcon direction="left" />
            Previous
          </button>
          <ul className={styles.pagerList}>
            {view.pageItems.map((item) =>
              item.type === 'gap' ? (
                <li key={item.key} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <button
                    type="button"
                    className={styles.pageButton}
                    aria-label={`Page ${item.page}`}
                    aria-current={item.isCurrent ? 'page' : undefined}
                    onClick={() => goToPage(item.page)}
                  >
                    {item.page}
                  </button>
                </li>
              ),
            )}
          </ul>
          <button
            type="button"
            className={styles.stepButton}
            disabled={!view.hasNextPage}
            onClick={() => goToPage(view.page + 1)}
          >
            Next
            <ChevronIcon direction="right" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}

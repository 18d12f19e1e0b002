import type { PacingSuggestion } from '@contract/pacing';
import { Button } from '@src/ui/Button';
import * as noticeCss from '@src/ui/notice.css';
import * as css from './delivery.css';
import { usePacingSuggestion } from './usePacingSuggestion';

/**
 * The Delivery card's suggestion (issue 28): move the money an under-delivering platform will leave unspent to
 * one that delivers. Accepting saves the new split as a change and opens its review.
 */
export function PacingSuggestionNotice(props: {
  campaignId: string;
  currency: string;
  suggestion: PacingSuggestion;
}) {
  const view = usePacingSuggestion(props);
  if (!view.isShown) return null;
  return (
    <div className={css.body}>
      <section className={noticeCss.notice.info} aria-labelledby="pacing-suggestion-title">
        <div className={noticeCss.noticeBody}>
          <h3 className={noticeCss.noticeTitle} id="pacing-suggestion-title">
            {view.title}
          </h3>
          <p className={noticeCss.noticeText}>{view.text}</p>
          {view.error ? (
            <div className={noticeCss.notice.error} role="alert">
              <div className={noticeCss.noticeBody}>{view.error}</div>
              <Button variant="ghost" onClick={view.dismissError}>
                Dismiss
              </Button>
            </div>
          ) : null}
          {view.disabledReason ? <p className={noticeCss.noticeText}>{view.disabledReason}</p> : null}
          <div className={noticeCss.noticeActions}>
            <Button
              variant="primary"
              onClick={view.accept}
              disabled={view.isApplying || view.disabledReason !== null}
            >
              {view.acceptLabel}
            </Button>
            <Button variant="ghost" onClick={view.dismiss} disabled={view.isApplying}>
              Not now
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

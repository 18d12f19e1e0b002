import type { PlanningWizardView } from '@machines/planning/planningWizard';
import { button } from '@src/ui/button.css';
import * as noticeCss from '@src/ui/notice.css';

/** Above the step: the conflict with its two ways out, why a step is read-only, why a save failed. */
export function WizardBanners({ view }: { view: PlanningWizardView }) {
  return (
    <>
      {view.conflictMessage ? (
        <div className={noticeCss.notice.warning} role="alert">
          <div className={noticeCss.noticeBody}>
            <p className={noticeCss.noticeTitle}>{view.conflictMessage}</p>
            <p className={noticeCss.noticeText}>
              Someone saved this plan after you opened it. Your changes here are kept until you choose.
            </p>
            <div className={noticeCss.noticeActions}>
              <button
                type="button"
                className={button.secondary}
                onClick={view.reloadPlan}
                disabled={view.isResolvingConflict}
              >
                Reload the plan
              </button>
              <button type="button" className={button.primary} onClick={view.keepMyChanges}>
                Keep my changes
              </button>
            </div>
          </div>
        </div>
      ) : null}
      {view.readOnly ? (
        <div className={noticeCss.notice.info} role="note">
          <div className={noticeCss.noticeBody}>
            <p className={noticeCss.noticeTitle}>This step is read-only</p>
            <p className={noticeCss.noticeText}>
              {view.lockReason ?? 'The campaign’s status does not allow changes.'}
            </p>
          </div>
        </div>
      ) : null}
      {view.saveStatus === 'notSaved' && !view.conflictMessage && view.error ? (
        <div className={noticeCss.notice.error} role="alert">
          <div className={noticeCss.noticeBody}>
            <p className={noticeCss.noticeTitle}>Not saved</p>
            <p className={noticeCss.noticeText}>{view.error}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}

import type { PlanningWizardView } from '@machines/planning/planningWizard';
import { button } from '@src/ui/button.css';
import * as css from './wizard.css';

/** Back, the save status ("Saved" / "Saving…" / "Not saved", announced politely) and Next. */
export function WizardFooter({ view }: { view: PlanningWizardView }) {
  return (
    <footer className={css.footer}>
      {view.canGoBack ? (
        <button type="button" className={button.secondary} onClick={view.back}>
          Back
        </button>
      ) : null}
      <span className={css.saveStatus[view.saveStatus]} role="status" aria-live="polite">
        {view.saveLabel ? (
          <>
            <span className={css.dot} aria-hidden="true" />
            {view.saveLabel}
          </>
        ) : null}
      </span>
      {view.canRetrySave ? (
        <button type="button" className={button.ghost} onClick={view.retrySave}>
          Try again
        </button>
      ) : null}
      <span className={css.footerSpacer} />
      {view.nextLabel ? (
        <button type="button" className={button.primary} onClick={view.next}>
          {view.nextLabel}
        </button>
      ) : null}
    </footer>
  );
}

import { button } from '@src/ui/button.css';
import * as dialogCss from '@src/ui/dialog.css';
import { useEffect, useRef } from 'react';
import { useLeaveBlocker } from './useLeaveBlocker';

/** Moving between the wizard's own steps (and a new plan becoming its id's URL) is not leaving. */
const WIZARD = /^\/planning\/wizard\//;

/**
 * While the wizard has unsaved changes, leaving it (a link, the browser's Back out of the wizard, closing
 * the tab) asks "Leave without saving?" first.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useLeaveBlocker((next) => when && !WIZARD.test(next.pathname));

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium still wants returnValue set to show its own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker !== null;
  // The question takes the focus, on the safe answer.
  useEffect(() => {
    if (blocked) stay.current?.focus();
  }, [blocked]);

  if (!blocked) return null;
  return (
    <>
      <div className={dialogCss.backdrop} />
      <div className={dialogCss.positioner}>
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="leave-title"
          aria-describedby="leave-text"
          className={dialogCss.dialog}
        >
          <div className={dialogCss.dialogBody}>
            <h2 id="leave-title" className={dialogCss.dialogTitle}>
              Leave without saving?
            </h2>
            <p id="leave-text" className={dialogCss.dialogText}>
              Some changes to this plan are not saved yet. If you leave now, they are lost.
            </p>
            {/* Inside the body, as the other dialogs have it: the body's padding frames the actions. */}
            <div className={dialogCss.dialogFooter}>
              <button ref={stay} type="button" className={button.secondary} onClick={() => blocker?.reset()}>
                Stay
              </button>
              <button type="button" className={button.primary} onClick={() => blocker?.proceed()}>
                Leave without saving
              </button>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}

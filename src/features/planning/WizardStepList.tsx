import type { PlanningWizardView, StepMark } from '@machines/planning/planningWizard';
import * as css from './wizard.css';

const MARK_TEXT: Record<StepMark, string> = {
  done: 'Done',
  current: 'Current step',
  attention: 'Needs attention',
  todo: 'Not started',
};

/** The wizard's steps in order: done, current, needing attention; a reached one is a button to it. */
export function WizardStepList({ view }: { view: PlanningWizardView }) {
  return (
    <nav className={css.stepNav} aria-label="Plan steps">
      <p className={css.stepNavTitle}>Media plan</p>
      <ol className={css.stepList}>
        {view.steps.map((item) => {
          const mark = (
            <span className={css.stepMark[item.mark]} aria-hidden="true">
              {item.mark === 'done' ? '✓' : item.mark === 'attention' ? '!' : item.number}
            </span>
          );
          const text = (
            <span className={css.stepText}>
              {item.label}
              <span className={css.stepHint}>{MARK_TEXT[item.mark]}</span>
            </span>
          );
          return (
            <li key={item.step}>
              {item.mark === 'current' ? (
                <span className={css.stepItem.current} aria-current="step">
                  {mark}
                  {text}
                </span>
              ) : item.reachable ? (
                <button type="button" className={css.stepItem.reachable} onClick={() => view.goTo(item.step)}>
                  {mark}
                  {text}
                </button>
              ) : (
                <span className={css.stepItem.unreachable} aria-disabled="true">
                  {mark}
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

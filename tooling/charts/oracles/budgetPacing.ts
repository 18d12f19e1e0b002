/**
 * What each state of the budget page's pacing card promises (chart input: budget `b1`). Spec: before the
 * period starts there is nothing to chart; otherwise the figures, the status in words and the chart, with
 * the dashed forecast shown until the user hides it.
 */
import { connectBudgetPacing } from '@machines/budgetPacing/budgetPacing.connect';
import { budgetPacingMachine } from '@machines/budgetPacing/budgetPacing.machine';
import type { BudgetPacing } from '@machines/budgetPacing/budgetPacing.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Step = OracleStep<typeof budgetPacingMachine>;
const view = (step: Step) => connectBudgetPacing(step.snapshot, () => {});
/** What a command of the view sends (checked against the spec's event). */
const sends = (step: Step, use: (shown: ReturnType<typeof view>) => void) =>
  sentBy((send) => connectBudgetPacing(step.snapshot, send), use);

/** The spec's words for each status, written out again. */
const LABELS: Record<string, string> = {
  not_started: 'Not started',
  too_early: 'Too early',
  on_track: 'On track',
  underpacing: 'Underpacing',
  overpacing: 'Overpacing',
  ended: 'Ended',
};

const expectLoaded = (step: Step) => {
  const answer = step.event.output as BudgetPacing;
  expectEqual(step.context.pacing, answer, 'pacing shown');
  expectEqual(step.context.error, null, 'error after a good answer');
  expectEqual(view(step).status?.label, LABELS[answer.pacing.status], 'status label');
  expectThat((view(step).status?.meaning ?? '').length > 0, 'a status without its meaning');
};

export const budgetPacingOracle = defineOracle(budgetPacingMachine, {
  always: (step) => expectEqual(step.context.budgetId, 'b1', 'budget'),
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', pacing: null, status: null, errorMessage: null });
      const request = step.snapshot.children.loadPacing as { options?: { input?: unknown } } | undefined;
      expectEqual(request?.options?.input, { budgetId: 'b1' }, 'request');
    },
    empty: (step) => {
      expectFields(view(step), { phase: 'empty', forecastShown: false, errorMessage: null });
      expectLoaded(step);
      expectEqual(step.context.pacing?.pacing.status, 'not_started', 'status of an empty card');
    },
    'shown.withForecast': (step) => {
      expectEqual(
        sends(step, (card) => card.hideForecast()),
        [{ type: 'forecast.hide' }],
        'Hide forecast sends',
      );

      expectFields(view(step), { phase: 'shown', forecastShown: true, errorMessage: null });
      if (step.event.type === 'forecast.show') expectEqual(step.context, step.previous!.context, 'context');
      else expectLoaded(step);
      expectThat(step.context.pacing?.pacing.status !== 'not_started', 'a chart before the period');
    },
    'shown.withoutForecast': (step) => {
      expectEqual(
        sends(step, (card) => card.showForecast()),
        [{ type: 'forecast.show' }],
        'Show forecast sends',
      );

      expectEqual(step.event.type, 'forecast.hide', 'event');
      expectFields(view(step), {
        phase: 'shown',
        forecastShown: false,
        pacing: step.previous!.context.pacing,
      });
    },
    failed: (step) => {
      expectEqual(
        sends(step, (card) => card.retry()),
        [{ type: 'pacing.retry' }],
        'Try again sends',
      );

      expectFields(view(step), {
        phase: 'failed',
        pacing: null,
        forecastShown: false,
        errorMessage: formMessage(step.event.error),
      });
      expectEqual(step.context.error, step.event.error, 'error kept');
    },
  },
});

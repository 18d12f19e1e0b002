import { PACING_LABELS, type PacingStatus, pacingMeanings } from '@contract/pacing';
import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../shared/errors';
import type { BudgetPacingMachine } from './budgetPacing.machine';
import type { BudgetPacing, BudgetPacingEvent } from './budgetPacing.types';

export type BudgetPacingSnapshot = SnapshotFrom<BudgetPacingMachine>;
export type BudgetPacingPhase = 'loading' | 'empty' | 'shown' | 'failed';

export interface BudgetPacingView {
  phase: BudgetPacingPhase;
  pacing: BudgetPacing | null;
  status: { value: PacingStatus; label: string; meaning: string } | null;
  /** Whether the chart draws the forecast (and offers to hide it). */
  forecastShown: boolean;
  /** Shown when loading failed; the card offers 'Try again'. */
  errorMessage: string | null;
  /** “Try again” after a failed load. */
  retry: () => void;
  showForecast: () => void;
  hideForecast: () => void;
}

/** Snapshot → what the budget page's pacing card shows, with its commands bound to `send`. */
export function connectBudgetPacing(
  snapshot: BudgetPacingSnapshot,
  send: (event: BudgetPacingEvent) => void,
): BudgetPacingView {
  const phase: BudgetPacingPhase = snapshot.matches('shown')
    ? 'shown'
    : snapshot.matches('empty')
      ? 'empty'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';
  const pacing = phase === 'loading' || phase === 'failed' ? null : snapshot.context.pacing;
  const value = pacing?.pacing.status;
  return {
    phase,
    pacing,
    status: value
      ? { value, label: PACING_LABELS[value], meaning: pacingMeanings(pacing?.pacing.thresholds)[value] }
      : null,
    forecastShown: snapshot.matches({ shown: 'withForecast' }),
    errorMessage: phase === 'failed' ? describeFailure(snapshot.context.error, []).formError : null,
    retry: () => send({ type: 'pacing.retry' }),
    showForecast: () => send({ type: 'forecast.show' }),
    hideForecast: () => send({ type: 'forecast.hide' }),
  };
}

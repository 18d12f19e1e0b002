import type { PreflightCheck } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../../shared/errors';
import type { PlanningPreflightMachine } from './planningPreflight.machine';
import type { PlanningPreflightEvent } from './planningPreflight.types';

export type PlanningPreflightSnapshot = SnapshotFrom<PlanningPreflightMachine>;

export interface PlanningPreflightView {
  phase: 'checking' | 'answered' | 'failed';
  checks: PreflightCheck[];
  /** "All 3 platforms would take this plan." / "1 of 3 platforms would refuse it." — null while unknown. */
  summary: string | null;
  errorMessage: string | null;
  canRecheck: boolean;
  /** “Check again”: asks every platform again (the button shows while `canRecheck`). */
  recheck: () => void;
}

const plural = (n: number) => (n === 1 ? 'platform' : 'platforms');

/** Pure snapshot → what the review's pre-flight section shows, and its command. */
export function connectPlanningPreflight(
  snapshot: PlanningPreflightSnapshot,
  send: (event: PlanningPreflightEvent) => void,
): PlanningPreflightView {
  const phase = snapshot.matches('answered')
    ? 'answered'
    : snapshot.matches('failed')
      ? 'failed'
      : 'checking';
  const checks = snapshot.context.checks ?? [];
  const refused = checks.filter((c) => c.result === 'refused').length;
  const unavailable = checks.filter((c) => c.result === 'unavailable').length;
  const unconnected = checks.filter((c) => c.result === 'not_connected').length;
  const summary =
    phase !== 'answered' || checks.length === 0
      ? null
      : unconnected > 0
        ? `${unconnected} of ${checks.length} ${plural(checks.length)} ${unconnected === 1 ? 'is' : 'are'} not connected.`
        : refused > 0
          ? `${refused} of ${checks.length} ${plural(checks.length)} would refuse this plan.`
          : unavailable > 0
            ? `${unavailable} of ${checks.length} ${plural(checks.length)} did not answer.`
            : `${checks.length === 1 ? 'The platform' : `All ${checks.length} platforms`} would take this plan.`;
  return {
    phase,
    checks,
    summary,
    errorMessage: phase === 'failed' ? describeFailure(snapshot.context.error, []).formError : null,
    canRecheck: phase !== 'checking',
    recheck: () => send({ type: 'preflight.recheck' }),
  };
}

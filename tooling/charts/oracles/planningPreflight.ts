/**
 * What each state of the review's pre-flight promises (chart input: campaign `c1`): it asks the platforms
 * about that campaign, shows their verdicts with a summary in words, keeps the last verdicts on screen while
 * asking again, and offers "Check again" whenever it is not already asking.
 */
import { connectPlanningPreflight } from '@machines/planning/planningPreflight/planningPreflight.connect';
import { planningPreflightMachine } from '@machines/planning/planningPreflight/planningPreflight.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage } from './shared';

type Step = OracleStep<typeof planningPreflightMachine>;
const view = (step: Step) => connectPlanningPreflight(step.snapshot, () => {});

/** Spec: the summary counts platforms not connected first, then refusals, then platforms that did not answer. */
function expectedSummary(checks: { result: string }[]): string {
  const unconnected = checks.filter((c) => c.result === 'not_connected').length;
  const refused = checks.filter((c) => c.result === 'refused').length;
  const silent = checks.filter((c) => c.result === 'unavailable').length;
  const n = checks.length;
  const platforms = n === 1 ? 'platform' : 'platforms';
  if (unconnected > 0)
    return `${unconnected} of ${n} ${platforms} ${unconnected === 1 ? 'is' : 'are'} not connected.`;
  if (refused > 0) return `${refused} of ${n} ${platforms} would refuse this plan.`;
  if (silent > 0) return `${silent} of ${n} ${platforms} did not answer.`;
  return n === 1 ? 'The platform would take this plan.' : `All ${n} platforms would take this plan.`;
}

export const planningPreflightOracle = defineOracle(planningPreflightMachine, {
  always: (step) => {
    expectEqual(step.context.campaignId, 'c1', 'campaign');
    // The view's one command: “Check again” sends the chart's recheck, and nothing else.
    const sent: unknown[] = [];
    connectPlanningPreflight(step.snapshot, (event) => sent.push(event)).recheck();
    expectEqual(sent, [{ type: 'preflight.recheck' }], 'Check again sends');
  },
  states: {
    checking: (step) => {
      const request = step.snapshot.children.loadPreflight as { options?: { input?: unknown } } | undefined;
      expectThat(request !== undefined, 'no pre-flight request on its way');
      expectEqual(request.options?.input, { campaignId: 'c1' }, 'request');
      expectFields(view(step), { phase: 'checking', summary: null, canRecheck: false, errorMessage: null });
      // Asking again keeps the last verdicts on screen.
      if (step.previous) expectEqual(view(step).checks, step.previous.context.checks ?? [], 'checks kept');
    },
    answered: (step) => {
      const checks = step.event.output as { result: string }[];
      expectFields(view(step), {
        phase: 'answered',
        checks,
        summary: expectedSummary(checks),
        canRecheck: true,
        errorMessage: null,
      });
    },
    failed: (step) => {
      expectFields(view(step), {
        phase: 'failed',
        summary: null,
        canRecheck: true,
        errorMessage: formMessage(step.event.error),
      });
    },
  },
});

import { defineChart } from '../chart';
import { trialGateMachine } from './trialGate.machine';
import { isTrialExemptPath, trialDaysLeft } from './trialGate.rules';
import type { TrialGateContext } from './trialGate.types';

const DAY_MS = 86_400_000;
/** The path tests' fixed "now": 2026-03-10 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 12);
const createdDaysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

/** Plan, days left and page kind are what matter; the clock and dates only through them. */
const summarize = (context: TrialGateContext) => ({
  planCode: context.planCode,
  daysLeft: context.createdAt === null ? null : trialDaysLeft(context.createdAt, context.now),
  exemptPage: isTrialExemptPath(context.pathname),
});

export const trialGateChart = defineChart({
  name: 'trialGate',
  title: 'Trial gate',
  machine: trialGateMachine,
  description: trialGateMachine.root.description ?? '',
  input: { pathname: '/campaigns', now: NOW },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'organization.change', planCode: 'trial', createdAt: createdDaysAgo(0) },
    // Created 6 days and 23 hours ago: 1 day left, and the last day ends within the hour.
    {
      type: 'organization.change',
      planCode: 'trial',
      createdAt: new Date(NOW - 7 * DAY_MS + 3_600_000).toISOString(),
    },
    { type: 'organization.change', planCode: 'trial', createdAt: createdDaysAgo(8) },
    { type: 'organization.change', planCode: 'agency', createdAt: createdDaysAgo(8) },
    { type: 'organization.change', planCode: null, createdAt: null },
    { type: 'route.change', pathname: '/campaigns' },
    { type: 'route.change', pathname: '/billing/plans' },
    { type: 'clock.tick', now: NOW },
    { type: 'xstate.after.trialDayEnds.trialGate.trialActive' },
  ],
});

import { defineChart } from '../chart';
import { planChangeMachine } from './planChange.machine';
import type { BillingSummary } from './planChange.types';

const summary = (planCode: string, daysLeft = 5): BillingSummary => ({
  planCode,
  plans: [
    {
      code: 'trial',
      name: 'Trial',
      hasWhiteLabelFeature: true,
      monthlyPriceMinor: 0,
      current: planCode === 'trial',
    },
    {
      code: 'starter',
      name: 'Starter',
      hasWhiteLabelFeature: false,
      monthlyPriceMinor: 4900,
      current: planCode === 'starter',
    },
    {
      code: 'agency',
      name: 'Agency',
      hasWhiteLabelFeature: true,
      monthlyPriceMinor: 19900,
      current: planCode === 'agency',
    },
  ],
  trial: { days: 7, daysLeft, endsAt: '2026-03-08T09:00:00.000Z' },
});

export const planChangeChart = defineChart({
  name: 'planChange',
  title: 'Billing: plan and trial, change plan',
  machine: planChangeMachine,
  description: planChangeMachine.root.description ?? '',
  // Which plan is current and whether a change is pending or reported is what matters for the paths.
  abstractContext: (context) => ({
    planCode: context.billing?.planCode ?? null,
    pending: context.pendingPlanCode,
    notice: context.notice?.kind ?? null,
    loadFailed: context.loadError !== null,
  }),
  events: [
    { type: 'xstate.done.actor.loadBilling', output: summary('trial') },
    {
      type: 'xstate.error.actor.loadBilling',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
    { type: 'retry' },
    { type: 'plan.choose', planCode: 'trial' },
    { type: 'plan.choose', planCode: 'starter' },
    { type: 'plan.choose', planCode: 'agency' },
    { type: 'plan.confirm' },
    { type: 'plan.cancel' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.changePlan', output: summary('agency') },
    { type: 'xstate.done.actor.changePlan', output: summary('starter') },
    {
      type: 'xstate.done.actor.changePlan',
      output: { ...summary('trial'), checkoutUrl: 'https://billing.example/checkout/cs_123' },
    },
    { type: 'xstate.error.actor.changePlan', error: new TypeError('Failed to fetch') },
  ],
});

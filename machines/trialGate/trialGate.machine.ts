import { assertEvent, assign, setup } from 'xstate';
import { isTrialExemptPath, msUntilNextTrialDay, TRIAL_PLAN, trialDaysLeft } from './trialGate.rules';
import type { TrialGateContext, TrialGateEvent, TrialGateInput } from './trialGate.types';

const daysLeftOf = (context: TrialGateContext) =>
  context.createdAt === null ? 0 : trialDaysLeft(context.createdAt, context.now);

/** When the next trial day begins; the gate moves its clock there when the `trialDayEnds` delay fires. */
const nextTrialDay = (context: TrialGateContext) =>
  context.now + msUntilNextTrialDay(context.createdAt ?? new Date(context.now).toISOString(), context.now);

export const trialGateMachine = setup({
  types: {
    context: {} as TrialGateContext,
    events: {} as TrialGateEvent,
    input: {} as TrialGateInput,
  },
  delays: {
    /** Until the trial's current day is over (days left drop by one then). */
    trialDayEnds: ({ context }) => nextTrialDay(context) - context.now,
  },
  guards: {
    hasNoOrganization: ({ context }) => context.planCode === null || context.createdAt === null,
    isOnPaidPlan: ({ context }) => context.planCode !== TRIAL_PLAN,
    hasTrialDaysLeft: ({ context }) => daysLeftOf(context) > 0,
    isOnExemptPage: ({ context }) => isTrialExemptPath(context.pathname),
  },
  actions: {
    setOrganization: assign(({ event }) => {
      assertEvent(event, 'organization.change');
      return { planCode: event.planCode, createdAt: event.createdAt };
    }),
    setPath: assign(({ event }) => {
      assertEvent(event, 'route.change');
      return { pathname: event.pathname };
    }),
    setNow: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
    advanceToNextTrialDay: assign(({ context }) => ({ now: nextTrialDay(context) })),
  },
}).createMachine({
  id: 'trialGate',
  description:
    'The free trial: 7 days from the organization’s creation. While it runs, a banner counts the days ' +
    'left; once it is over, the banner says so and every page except billing, organizations, platforms ' +
    'and reports is blurred behind an upgrade overlay, until the organization moves to a paid plan.',
  context: ({ input }) => ({
    planCode: input.planCode ?? null,
    createdAt: input.createdAt ?? null,
    pathname: input.pathname,
    now: input.now,
  }),
  initial: 'checking',
  on: {
    'organization.change': { target: '.checking', actions: 'setOrganization' },
    'route.change': { target: '.checking', actions: 'setPath' },
    'clock.tick': { target: '.checking', actions: 'setNow' },
  },
  states: {
    checking: {
      description:
        'Working out the plan, the days left (7 minus whole days since creation, never below 0) and ' +
        'whether this page may be blurred. Takes no time.',
      always: [
        { guard: 'hasNoOrganization', target: 'noOrganization' },
        { guard: 'isOnPaidPlan', target: 'notOnTrial' },
        { guard: 'hasTrialDaysLeft', target: 'trialActive' },
        { guard: 'isOnExemptPage', target: 'trialExpired.exempt' },
        { target: 'trialExpired.blocked' },
      ],
    },
    noOrganization: {
      description: 'No organization is open yet (signing in, onboarding): no banner.',
    },
    notOnTrial: {
      description: 'The organization is on a paid plan: no banner, nothing blurred.',
    },
    trialActive: {
      description:
        'The trial runs: an informational banner reads “There are N days left in your trial” (“There is 1 ' +
        'day left…” on the last day) with an “Upgrade now” button to billing. When the day is over, the ' +
        'count drops.',
      after: {
        trialDayEnds: { target: 'checking', actions: 'advanceToNextTrialDay' },
      },
    },
    trialExpired: {
      description:
        'The trial is over: an error banner reads “Your trial has expired!” with an “Upgrade now” button ' +
        'to billing.',
      initial: 'blocked',
      states: {
        blocked: {
          description:
            'The page is blurred behind the trial-expired page: “Your trial has expired.”, a request to ' +
            'upgrade to a plan, and an “Upgrade now” button to billing.',
        },
        exempt: {
          description:
            'On billing, organizations, platforms or reports: the page stays usable so the person can ' +
            'upgrade or switch organization.',
        },
      },
    },
  },
});

export type TrialGateMachine = typeof trialGateMachine;

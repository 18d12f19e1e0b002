/** What each state of the trial gate promises: the banner and the overlay, from plan, days left and page. */
import { connectTrialGate } from '@machines/trialGate/trialGate.connect';
import { trialGateMachine } from '@machines/trialGate/trialGate.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '../oracle';

const DAY = 86_400_000;
/** Spec: 7 days from creation, minus whole days since, never below 0. */
const daysLeft = (createdAt: string, now: number) =>
  Math.max(0, 7 - Math.floor((now - new Date(createdAt).getTime()) / DAY));
/** Spec: billing, organizations, platforms and reports stay usable once the trial is over. */
const isExempt = (pathname: string) => /\/(billing|organizations|platforms|reports)(\/|$)/i.test(pathname);
const NO_BANNER = { banner: null, isBlocked: false, daysLeft: null };
const upgrade = { actionLabel: 'Upgrade now', actionHref: '/billing' };

export const trialGateOracle = defineOracle(trialGateMachine, {
  events: {
    'organization.change': ({ context, event }) => {
      expectFields(context, { planCode: event.planCode, createdAt: event.createdAt }, 'organization');
    },
    'route.change': ({ context, event }) => expectEqual(context.pathname, event.pathname, 'pathname'),
    'clock.tick': ({ context, event }) => expectEqual(context.now, event.now, 'now'),
    // The day is over: the gate's clock moves to the first moment of the next trial day.
    'xstate.after.trialDayEnds.*': ({ context, previous }) => {
      const before = previous!.context.now;
      const created = new Date(context.createdAt!).getTime();
      expectThat(
        context.now > before && context.now - before <= DAY && (context.now - created) % DAY === 0,
        `clock moved from ${before} to ${context.now}, not to the next trial day`,
      );
    },
  },
  states: {
    noOrganization: ({ snapshot, context }) => {
      expectThat(context.planCode === null || context.createdAt === null, 'an organization is open');
      expectEqual(connectTrialGate(snapshot), NO_BANNER, 'view');
    },
    notOnTrial: ({ snapshot, context }) => {
      expectThat(
        context.planCode !== null && context.planCode !== 'trial',
        `plan ${context.planCode} is not paid`,
      );
      expectEqual(connectTrialGate(snapshot), NO_BANNER, 'view');
    },
    trialActive: ({ snapshot, context }) => {
      const days = daysLeft(context.createdAt!, context.now);
      expectEqual(context.planCode, 'trial', 'plan');
      expectThat(days > 0, 'trial shown as running with no days left');
      const message =
        days === 1 ? 'There is 1 day left in your trial' : `There are ${days} days left in your trial`;
      expectEqual(
        connectTrialGate(snapshot),
        { banner: { tone: 'info', message, ...upgrade }, isBlocked: false, daysLeft: days },
        'view',
      );
    },
    'trialExpired.blocked': ({ snapshot, context }) => {
      expectFields(context, { planCode: 'trial' }, 'context');
      expectEqual(daysLeft(context.createdAt!, context.now), 0, 'days left');
      expectThat(!isExempt(context.pathname), `${context.pathname} is blocked`);
      expectEqual(
        connectTrialGate(snapshot),
        {
          banner: { tone: 'error', message: 'Your trial has expired!', ...upgrade },
          isBlocked: true,
          daysLeft: 0,
        },
        'view',
      );
    },
    'trialExpired.exempt': ({ snapshot, context }) => {
      expectFields(context, { planCode: 'trial' }, 'context');
      expectEqual(daysLeft(context.createdAt!, context.now), 0, 'days left');
      expectThat(isExempt(context.pathname), `${context.pathname} is not exempt`);
      expectEqual(
        connectTrialGate(snapshot),
        {
          banner: { tone: 'error', message: 'Your trial has expired!', ...upgrade },
          isBlocked: false,
          daysLeft: 0,
        },
        'view',
      );
    },
  },
});

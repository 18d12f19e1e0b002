import type { SnapshotFrom } from 'xstate';
import type { TrialGateMachine } from './trialGate.machine';
import { TRIAL_EXPIRED_BANNER, trialDaysLeft, trialDaysLeftMessage } from './trialGate.rules';

export type TrialGateSnapshot = SnapshotFrom<TrialGateMachine>;

export interface TrialBanner {
  /** `info` while the trial runs, `error` once it is over. */
  tone: 'info' | 'error';
  message: string;
  actionLabel: 'Upgrade now';
  /** Where “Upgrade now” leads. */
  actionHref: '/billing';
}

/** What the shell shows for the trial, derived from the machine's snapshot. */
export interface TrialGateView {
  banner: TrialBanner | null;
  /** Blur the page behind the trial-expired overlay. */
  isBlocked: boolean;
  /** 0..7 while on the trial; null on a paid plan or without an organization. */
  daysLeft: number | null;
}

/**
 * No `send` and no commands, on purpose: the trial gate has no user command. Its three events are wiring
 * the hook (`src/app/trial/useTrialGate.ts`) sends from outside the view — `organization.change` from the
 * session, `route.change` from the router, `clock.tick` from the clock (start and the tab becoming visible
 * again) — and “Upgrade now” is a plain link to /billing (`actionHref`), not an event. Were a control of
 * the banner or overlay ever to send an event, it would become `connectTrialGate(snapshot, send)` with that
 * command, like every other non-planning connect.
 */
export function connectTrialGate(snapshot: TrialGateSnapshot): TrialGateView {
  const { createdAt, now } = snapshot.context;
  if (snapshot.matches('trialActive')) {
    const daysLeft = trialDaysLeft(createdAt ?? now, now);
    return {
      banner: {
        tone: 'info',
        message: trialDaysLeftMessage(daysLeft),
        actionLabel: 'Upgrade now',
        actionHref: '/billing',
      },
      isBlocked: false,
      daysLeft,
    };
  }
  if (snapshot.matches('trialExpired')) {
    return {
      banner: {
        tone: 'error',
        message: TRIAL_EXPIRED_BANNER,
        actionLabel: 'Upgrade now',
        actionHref: '/billing',
      },
      isBlocked: snapshot.matches({ trialExpired: 'blocked' }),
      daysLeft: 0,
    };
  }
  return { banner: null, isBlocked: false, daysLeft: null };
}

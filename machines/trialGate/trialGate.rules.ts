import { DAY_MS, isTrialExemptPath, TRIAL_EXEMPT_SEGMENTS, trialDaysLeft } from '@contract/billing';
import { TRIAL_PLAN_CODE } from '@contract/plans';

// The trial's rules (length, exempt pages, plan code) are defined once in contract/, shared with the server.
export { isTrialExemptPath, TRIAL_EXEMPT_SEGMENTS, trialDaysLeft };

/** The plan code of the free trial. */
export const TRIAL_PLAN = TRIAL_PLAN_CODE;

/**
 * Milliseconds from `now` until the trial's next whole day since `createdAt` begins: between 1 ms and one
 * day (a creation date in the future, from a skewed clock, is looked at again a day later).
 */
export function msUntilNextTrialDay(createdAt: string, now: number): number {
  const created = new Date(createdAt).getTime();
  const elapsed = now - created;
  if (Number.isNaN(elapsed) || elapsed < 0) return DAY_MS;
  return Math.max(1, DAY_MS - (elapsed % DAY_MS));
}

/** "There is 1 day left in your trial" / "There are N days left in your trial". */
export function trialDaysLeftMessage(daysLeft: number): string {
  return daysLeft === 1
    ? 'There is 1 day left in your trial'
    : `There are ${daysLeft} days left in your trial`;
}

export const TRIAL_EXPIRED_BANNER = 'Your trial has expired!';

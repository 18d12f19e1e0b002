import { trialDaysLeft } from '../../contract/shell';

export { trialDaysLeft };

const DAY_MS = 86_400_000;

/** The plan code of the free trial. */
export const TRIAL_PLAN = 'trial';

/** Path segments where an expired trial does not blur the page (the person must be able to upgrade). */
export const TRIAL_EXEMPT_SEGMENTS = ['billing', 'organizations', 'platforms', 'reports'] as const;

/** True when the path contains a billing, organizations, platforms or reports segment. */
export function isTrialExemptPath(pathname: string): boolean {
  return pathname
    .split('/')
    .some((segment) => (TRIAL_EXEMPT_SEGMENTS as readonly string[]).includes(segment.toLowerCase()));
}

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

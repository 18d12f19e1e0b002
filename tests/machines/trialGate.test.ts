import {
  connectTrialGate,
  isTrialExemptPath,
  msUntilNextTrialDay,
  type TrialGateInput,
  trialDaysLeft,
  trialGateMachine,
} from '@machines/trialGate';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 2, 10, 12);
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function start(input: Partial<TrialGateInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(trialGateMachine, {
    input: { pathname: '/campaigns', now: NOW, ...input },
    clock,
  }).start();
  return { actor, clock, view: () => connectTrialGate(actor.getSnapshot()) };
}

describe('trial days', () => {
  it('is 7 minus whole days since creation, never below 0', () => {
    expect(trialDaysLeft(ago(0), NOW)).toBe(7);
    expect(trialDaysLeft(ago(DAY_MS - 1), NOW)).toBe(7);
    expect(trialDaysLeft(ago(DAY_MS), NOW)).toBe(6);
    expect(trialDaysLeft(ago(6 * DAY_MS + 5), NOW)).toBe(1);
    expect(trialDaysLeft(ago(7 * DAY_MS), NOW)).toBe(0);
    expect(trialDaysLeft(ago(400 * DAY_MS), NOW)).toBe(0);
  });

  it('waits until the next whole day since creation', () => {
    expect(msUntilNextTrialDay(ago(1000), NOW)).toBe(DAY_MS - 1000);
    expect(msUntilNextTrialDay(ago(3 * DAY_MS), NOW)).toBe(DAY_MS);
    // A creation date in the future (skewed clock) is looked at again a day later.
    expect(msUntilNextTrialDay(new Date(NOW + 5 * DAY_MS).toISOString(), NOW)).toBe(DAY_MS);
  });

  it('spares billing, organizations, platforms and reports', () => {
    for (const path of [
      '/billing',
      '/billing/plans',
      '/organizations',
      '/settings/platforms',
      '/x/reports/y',
    ])
      expect(isTrialExemptPath(path), path).toBe(true);
    for (const path of ['/', '/campaigns', '/budgets/1/edit', '/billingx', '/settings/white-label'])
      expect(isTrialExemptPath(path), path).toBe(false);
  });
});

describe('trial banner and overlay', () => {
  it('shows nothing without an organization', () => {
    const { view, actor } = start();
    expect(actor.getSnapshot().value).toBe('noOrganization');
    expect(view()).toEqual({ banner: null, isBlocked: false, daysLeft: null });
  });

  it('shows nothing on a paid plan, even long after the trial', () => {
    const { view } = start({ planCode: 'agency', createdAt: ago(90 * DAY_MS) });
    expect(view()).toEqual({ banner: null, isBlocked: false, daysLeft: null });
  });

  it.each([
    [0, 'There are 7 days left in your trial'],
    [5, 'There are 2 days left in your trial'],
    [6, 'There is 1 day left in your trial'],
  ])('counts the days left %i days after creation', (days, message) => {
    const { view } = start({ planCode: 'trial', createdAt: ago(days * DAY_MS + 60_000) });
    expect(view()).toEqual({
      banner: { tone: 'info', message, actionLabel: 'Upgrade now', actionHref: '/billing' },
      isBlocked: false,
      daysLeft: 7 - days,
    });
  });

  it('blurs the page once the trial is over, except on billing, organizations, platforms and reports', () => {
    const { view, actor } = start({ planCode: 'trial', createdAt: ago(7 * DAY_MS) });
    expect(view()).toEqual({
      banner: {
        tone: 'error',
        message: 'Your trial has expired!',
        actionLabel: 'Upgrade now',
        actionHref: '/billing',
      },
      isBlocked: true,
      daysLeft: 0,
    });
    actor.send({ type: 'route.change', pathname: '/billing' });
    expect(view()).toMatchObject({ isBlocked: false, banner: { tone: 'error' } });
    actor.send({ type: 'route.change', pathname: '/reports/weekly' });
    expect(view().isBlocked).toBe(false);
    actor.send({ type: 'route.change', pathname: '/campaigns/abc' });
    expect(view().isBlocked).toBe(true);
  });

  it('lifts the overlay when the organization upgrades', () => {
    const createdAt = ago(10 * DAY_MS);
    const { view, actor } = start({ planCode: 'trial', createdAt });
    expect(view().isBlocked).toBe(true);
    actor.send({ type: 'organization.change', planCode: 'agency', createdAt });
    expect(view()).toEqual({ banner: null, isBlocked: false, daysLeft: null });
  });

  it('counts down when a trial day ends while the app is open', () => {
    const { view, clock } = start({ planCode: 'trial', createdAt: ago(6 * DAY_MS + DAY_MS - 1000) });
    expect(view().banner?.message).toBe('There is 1 day left in your trial');
    clock.increment(999);
    expect(view().daysLeft).toBe(1);
    clock.increment(1);
    expect(view()).toMatchObject({
      daysLeft: 0,
      isBlocked: true,
      banner: { message: 'Your trial has expired!' },
    });
  });

  it('takes the time from clock.tick', () => {
    const { view, actor } = start({ planCode: 'trial', createdAt: ago(0) });
    expect(view().daysLeft).toBe(7);
    actor.send({ type: 'clock.tick', now: NOW + 3 * DAY_MS });
    expect(view().daysLeft).toBe(4);
  });
});

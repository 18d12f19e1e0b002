import {
  type BillingSummary,
  canChoosePlan,
  connectPlanChange,
  losesWhiteLabel,
  planChangeMachine,
} from '@machines/planChange';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

const summary = (planCode: string, daysLeft = 5, extra: Partial<BillingSummary> = {}): BillingSummary => ({
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
  ...extra,
});

function start(options: {
  load?: () => Promise<BillingSummary>;
  change?: (input: { planCode: string }) => Promise<BillingSummary>;
}) {
  const loadBilling = vi.fn(options.load ?? (() => Promise.resolve(summary('trial'))));
  const changePlan = vi.fn(
    options.change ?? ((input: { planCode: string }) => Promise.resolve(summary(input.planCode))),
  );
  const machine = planChangeMachine.provide({
    actors: {
      loadBilling: fromPromise(() => loadBilling()),
      changePlan: fromPromise(({ input }: { input: { planCode: string } }) => changePlan(input)),
    },
  });
  const actor = createActor(machine);
  const changed: string[] = [];
  const checkouts: string[] = [];
  actor.on('plan.changed', (event) => changed.push(event.planCode));
  actor.on('checkout.open', (event) => checkouts.push(event.url));
  actor.start();
  return {
    actor,
    loadBilling,
    changePlan,
    changed,
    checkouts,
    view: () => connectPlanChange(actor.getSnapshot(), actor.send),
  };
}

const loaded = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ loaded: 'idle' }));

describe('plan rules', () => {
  it('only other paid plans can be chosen', () => {
    const billing = summary('starter');
    expect(canChoosePlan(billing, 'agency')).toBe(true);
    expect(canChoosePlan(billing, 'starter')).toBe(false);
    expect(canChoosePlan(billing, 'trial')).toBe(false);
    expect(canChoosePlan(billing, 'enterprise')).toBe(false);
    expect(canChoosePlan(null, 'agency')).toBe(false);
  });

  it('leaving white-labelling is moving from a plan with it to one without', () => {
    expect(losesWhiteLabel(summary('trial'), 'starter')).toBe(true);
    expect(losesWhiteLabel(summary('agency'), 'starter')).toBe(true);
    expect(losesWhiteLabel(summary('starter'), 'agency')).toBe(false);
    expect(losesWhiteLabel(summary('trial'), 'agency')).toBe(false);
  });
});

describe('billing pages', () => {
  it('loads the plan and the trial', async () => {
    const { actor, view } = start({});
    expect(view().isLoading).toBe(true);
    await loaded(actor);
    expect(view()).toMatchObject({
      isLoading: false,
      loadError: null,
      currentPlan: { code: 'trial', name: 'Trial' },
      trial: { days: 7, daysLeft: 5, isExpired: false, endsAt: '2026-03-08T09:00:00.000Z' },
      isBusy: false,
      notice: null,
    });
    expect(view().plans.map((p) => [p.code, p.isCurrent, p.canChoose, p.losesWhiteLabel])).toEqual([
      ['trial', true, false, false],
      ['starter', false, true, true],
      ['agency', false, true, false],
    ]);
  });

  it('shows an expired trial, and no trial once on a paid plan', async () => {
    const expired = start({ load: () => Promise.resolve(summary('trial', 0)) });
    await loaded(expired.actor);
    expect(expired.view().trial).toMatchObject({ daysLeft: 0, isExpired: true });
    const paid = start({ load: () => Promise.resolve(summary('agency', 0)) });
    await loaded(paid.actor);
    expect(paid.view().trial).toBeNull();
  });

  it('says why the summary could not be loaded, and retries', async () => {
    let fail = true;
    const { actor, view, loadBilling } = start({
      load: () =>
        fail
          ? Promise.reject({ status: 500, message: 'Sorry, something went wrong.' })
          : Promise.resolve(summary('trial')),
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view().loadError).toBe('Sorry, something went wrong.');
    fail = false;
    actor.send({ type: 'retry' });
    await loaded(actor);
    expect(loadBilling).toHaveBeenCalledTimes(2);
  });

  it('upgrades at once to a plan with white-labelling and asks the session to refresh', async () => {
    const { actor, changePlan, changed, view } = start({});
    await loaded(actor);
    actor.send({ type: 'plan.choose', planCode: 'agency' });
    expect(view().plans.find((p) => p.code === 'agency')).toMatchObject({ isChanging: true });
    expect(view().isBusy).toBe(true);
    expect(changePlan).toHaveBeenCalledWith({ planCode: 'agency' });
    await waitFor(actor, (s) => s.matches({ loaded: 'changed' }));
    expect(view()).toMatchObject({
      currentPlan: { code: 'agency' },
      notice: { kind: 'success', message: 'You are now on the Agency plan.' },
      trial: null,
    });
    expect(changed).toEqual(['agency']);
    actor.send({ type: 'notice.dismiss' });
    expect(view().notice).toBeNull();
  });

  it('confirms before switching white-labelling off; cancel keeps the plan', async () => {
    const { actor, changePlan, view } = start({});
    await loaded(actor);
    actor.send({ type: 'plan.choose', planCode: 'starter' });
    expect(actor.getSnapshot().matches({ loaded: 'confirming' })).toBe(true);
    expect(view().plans.find((p) => p.code === 'starter')).toMatchObject({ isConfirming: true });
    actor.send({ type: 'plan.cancel' });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(changePlan).not.toHaveBeenCalled();
    actor.send({ type: 'plan.choose', planCode: 'starter' });
    actor.send({ type: 'plan.confirm' });
    expect(changePlan).toHaveBeenCalledWith({ planCode: 'starter' });
    await waitFor(actor, (s) => s.matches({ loaded: 'changed' }));
    expect(view().currentPlan?.code).toBe('starter');
  });

  it('ignores the current plan, the trial and choices while a change is on its way', async () => {
    const { actor, changePlan } = start({ change: () => new Promise(() => {}) });
    await loaded(actor);
    actor.send({ type: 'plan.choose', planCode: 'trial' });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    actor.send({ type: 'plan.choose', planCode: 'agency' });
    actor.send({ type: 'plan.choose', planCode: 'starter' });
    expect(changePlan).toHaveBeenCalledTimes(1);
  });

  it('shows a refused change and lets the person try again', async () => {
    let refuse = true;
    const { actor, view, changed } = start({
      change: (input) =>
        refuse ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(summary(input.planCode)),
    });
    await loaded(actor);
    actor.send({ type: 'plan.choose', planCode: 'agency' });
    await waitFor(actor, (s) => s.matches({ loaded: 'changeFailed' }));
    expect(view().notice).toEqual({
      kind: 'error',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(changed).toEqual([]);
    refuse = false;
    actor.send({ type: 'plan.choose', planCode: 'agency' });
    expect(view().notice).toBeNull();
    await waitFor(actor, (s) => s.matches({ loaded: 'changed' }));
  });

  it('sends the browser to the provider’s checkout when it asks for one', async () => {
    const { actor, checkouts, changed, view } = start({
      change: () => Promise.resolve(summary('trial', 5, { checkoutUrl: 'https://pay.example/cs_1' })),
    });
    await loaded(actor);
    actor.send({ type: 'plan.choose', planCode: 'agency' });
    await waitFor(actor, (s) => s.matches({ loaded: 'checkingOut' }));
    expect(checkouts).toEqual(['https://pay.example/cs_1']);
    expect(changed).toEqual([]);
    expect(view()).toMatchObject({ isCheckingOut: true, isBusy: true });
  });
});

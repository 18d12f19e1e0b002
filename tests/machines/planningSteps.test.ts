import { connectPlanningOverview, planningOverviewMachine } from '@machines/planning/planningOverview';
import { connectPlanningPlatforms, planningPlatformsMachine } from '@machines/planning/planningPlatforms';
import type { StepInput } from '@machines/planning/stepProtocol';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, sendTo, setup } from 'xstate';
import { completePlan, overviewOnlyPlan, RULES, TODAY } from '../support/planningFixtures';

/** Runs a step chart under a parent that records its `step.changed` reports. */
function underWizard<T extends typeof planningOverviewMachine | typeof planningPlatformsMachine>(
  machine: T,
  input: StepInput,
) {
  const reports: AnyEventObject[] = [];
  const parent = setup({ actors: { step: machine as typeof planningOverviewMachine } }).createMachine({
    invoke: { id: 'step', src: 'step', input: () => input },
    on: {
      'step.changed': { actions: ({ event }) => reports.push(event) },
      '*': { actions: sendTo('step', ({ event }) => event) },
    },
  });
  const actor = createActor(parent).start();
  const child = () => actor.getSnapshot().children.step as never as ReturnType<typeof createActor<T>>;
  return { actor, child, reports, last: () => reports[reports.length - 1] };
}

const input = (overrides: Partial<StepInput> = {}): StepInput => ({
  plan: overviewOnlyPlan(),
  rules: RULES,
  today: TODAY,
  draft: null,
  readOnly: false,
  ...overrides,
});

describe('overview step', () => {
  it('starts from the saved plan, reports each edit with its validity', () => {
    const { child, last } = underWizard(planningOverviewMachine, input());
    const view = () => connectPlanningOverview(child().getSnapshot(), child().send);
    expect(view().values).toMatchObject({ name: 'Spring launch', objectiveId: 2, currency: 'EUR' });
    view().changeName('  ');
    expect(last()).toMatchObject({ step: 'overview', valid: false, body: { name: '' } });
    expect(view().errors).toEqual({ name: 'Enter a campaign name' });
    view().changeName('Summer');
    expect(last()).toMatchObject({ valid: true, body: { name: 'Summer', customerId: expect.any(String) } });
    expect(view().errors).toEqual({});
  });

  it('a new plan preselects the objective from the draft; Next shows untouched errors', () => {
    const { child, actor } = underWizard(
      planningOverviewMachine,
      input({ plan: null, draft: { name: '', objectiveId: 4, customerId: null, currency: 'EUR' } }),
    );
    const view = () => connectPlanningOverview(child().getSnapshot(), child().send);
    expect(view().values.objectiveId).toBe(4);
    expect(view().errors).toEqual({});
    actor.send({ type: 'step.showErrors' });
    expect(view().errors).toEqual({ name: 'Enter a campaign name' });
  });

  it('refuses an objective a chosen platform does not run, naming the platform', () => {
    const { child, last } = underWizard(planningOverviewMachine, input({ plan: completePlan({}) }));
    const plan = completePlan();
    plan.platforms = ['tiktok'];
    child().send({ type: 'step.reset', plan });
    const view = () => connectPlanningOverview(child().getSnapshot(), child().send);
    view().selectObjective(4);
    expect(last()).toMatchObject({ valid: false });
    expect(view().errors.objectiveId).toBe('TikTok does not run Leads campaigns');
  });

  it('read-only when the wizard says so', () => {
    const { child } = underWizard(planningOverviewMachine, input({ readOnly: true }));
    expect(connectPlanningOverview(child().getSnapshot(), child().send).readOnly).toBe(true);
  });
});

describe('platforms step', () => {
  const open = (overrides: Partial<StepInput> = {}) => {
    const run = underWizard(planningPlatformsMachine, input(overrides));
    const view = () => connectPlanningPlatforms(run.child().getSnapshot(), run.child().send);
    return { ...run, view };
  };

  it('typed budget, split by amount, live left to allocate', () => {
    const { view, last } = open();
    view().toggle('meta', true);
    view().toggle('google', true);
    view().changeBudget('1000');
    view().changeAmount('meta', '600');
    expect(view().leftMinor).toBe(40_000);
    expect(last()).toMatchObject({ valid: false });
    view().changeAmount('google', '400.00');
    expect(view().leftMinor).toBe(0);
    expect(last()).toMatchObject({
      valid: true,
      body: {
        platforms: ['meta', 'google'],
        budgetMinor: 100_000,
        splitMode: 'amount',
        allocations: {
          meta: { amountMinor: 60_000, bidStrategy: 'lowest_cost', costCapMinor: null },
          google: { amountMinor: 40_000, bidStrategy: 'lowest_cost', costCapMinor: null },
        },
      },
    });
  });

  it('splits evenly to the cent, by percentage too', () => {
    const { view, last } = open();
    for (const key of ['meta', 'google', 'tiktok']) view().toggle(key, true);
    view().changeBudget('1000');
    view().splitEvenly();
    expect(view().rows.map((r) => r.amountMinor)).toEqual([33_334, 33_333, 33_333]);
    view().changeMode('percent');
    expect(view().rows.map((r) => r.line.percent)).toEqual(['33.33', '33.33', '33.33']);
    view().splitEvenly();
    expect(view().rows.map((r) => r.line.percent)).toEqual(['33.34', '33.33', '33.33']);
    expect(view().leftMinor).toBe(0);
    expect(last()).toMatchObject({ valid: true, body: { splitMode: 'percent', budgetMinor: 100_000 } });
  });

  it('names the platform and the rule; only allowed bid strategies are offered', () => {
    const { view } = open();
    view().toggle('tiktok', true);
    view().changeBudget('0.50');
    view().changeAmount('tiktok', '0.50');
    expect(view().errors['allocations.tiktok.amountMinor']).toBe('TikTok needs at least €1.00 a day');
    expect(view().rows[0]?.bidStrategies.map((s) => s.value)).toEqual(['lowest_cost']);
    view().toggle('meta', true);
    view().changeBid('meta', 'cost_cap');
    expect(view().errors['allocations.meta.costCapMinor']).toBe('Enter the cost cap for Meta');
  });

  it('text that is not an amount says so', () => {
    const { view } = open();
    view().changeBudget('lots');
    expect(view().errors.budgetMinor).toBe('Enter an amount, e.g. 5000 or 5000.50');
  });

  it('opens on the saved split and keeps a draft over it', () => {
    const { view } = open({ plan: completePlan() });
    expect(view().values.budget).toBe('3000.00');
    expect(view().rows.map((r) => [r.key, r.line.amount, r.line.bidStrategy, r.line.costCap])).toEqual([
      ['meta', '2000.00', 'lowest_cost', ''],
      ['google', '1000.00', 'cost_cap', '5.00'],
    ]);
    const drafted = open({
      plan: completePlan(),
      draft: { platforms: ['meta'], budgetMinor: 5000, splitMode: 'amount', allocations: {} },
    });
    expect(drafted.view().values.platforms).toEqual(['meta']);
  });
});

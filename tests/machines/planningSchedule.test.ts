import type { Plan, PlanFlight } from '@contract/planning';
import {
  SAMPLE_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '@machines/planning/planningAudience/planningAudience.samples';
import { connectPlanningSchedule, planningScheduleMachine } from '@machines/planning/planningSchedule';
import type { StepInput, StepToWizard } from '@machines/planning/stepProtocol';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, createActor, createMachine } from 'xstate';

const F1 = '00000000-0000-4000-8000-0000000000f1';
const F2 = '00000000-0000-4000-8000-0000000000f2';
const F3 = '00000000-0000-4000-8000-0000000000f3';

const saved = (
  id: string,
  platform: string,
  startDate: string,
  endDate: string,
  amountMinor: number,
): PlanFlight => ({
  id,
  platform,
  startDate,
  endDate,
  amountMinor,
  pacing: 'even',
  bookingId: null,
  bookingStatus: 'tentative',
});

/** The step invoked by a stand-in wizard that records what the step tells it. */
function start(plan: Plan = SAMPLE_PLAN, extra: Partial<StepInput> = {}) {
  const told: StepToWizard[] = [];
  const input: StepInput = {
    plan,
    rules: SAMPLE_RULES,
    today: SAMPLE_TODAY,
    draft: null,
    readOnly: false,
    ...extra,
  };
  const wizard = createMachine({
    invoke: { id: 'step', src: planningScheduleMachine as AnyStateMachine, input },
    on: { 'step.changed': { actions: ({ event }) => told.push(event as StepToWizard) } },
  });
  const actor = createActor(wizard).start();
  const step = actor.getSnapshot().children.step as AnyActorRef;
  const view = () => connectPlanningSchedule(step.getSnapshot(), step.send);
  const platform = (key: string) => {
    const found = view().platforms.find((p) => p.key === key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  };
  return { told, step, view, platform };
}

describe('schedule step', () => {
  it('opens a plan without flights with one per platform over the campaign, and offers them to the wizard', () => {
    const { view, told } = start();
    expect(
      view().platforms.map((p) => p.flights.map((f) => [f.startDate, f.endDate, f.amount, f.pacing])),
    ).toEqual([
      [['2099-03-02', '2099-03-15', '2000.00', 'even']],
      [['2099-03-02', '2099-03-15', '1000.00', 'even']],
    ]);
    expect(told).toEqual([
      {
        type: 'step.changed',
        step: 'schedule',
        valid: true,
        body: {
          startDate: '2099-03-02',
          endDate: '2099-03-15',
          flights: [
            {
              platform: 'meta',
              startDate: '2099-03-02',
              endDate: '2099-03-15',
              amountMinor: 200_000,
              pacing: 'even',
            },
            {
              platform: 'tiktok',
              startDate: '2099-03-02',
              endDate: '2099-03-15',
              amountMinor: 100_000,
              pacing: 'even',
            },
          ],
        },
      },
    ]);
  });

  it('opens a plan with flights as saved, and tells the wizard nothing until a change', () => {
    const plan = {
      ...SAMPLE_PLAN,
      flights: [
        saved(F1, 'meta', '2099-03-02', '2099-03-15', 200_000),
        saved(F2, 'tiktok', '2099-03-02', '2099-03-15', 100_000),
      ],
    };
    const { view, told } = start(plan);
    expect(view().platforms.map((p) => p.flights.map((f) => f.key))).toEqual([[F1], [F2]]);
    expect(told).toEqual([]);
  });

  it('reads "€X of €Y allocated" per platform, and shows the totals message once a flight of it changed', () => {
    const { view, platform, told } = start();
    view().changeFlight('default-meta', 'amount', '1500');
    expect(platform('meta')).toMatchObject({
      allocatedMinor: 200_000,
      plannedMinor: 150_000,
      remainingMinor: 50_000,
    });
    expect(platform('meta').error).toBe("Meta's flights add up to €1,500.00, not its €2,000.00");
    expect(platform('tiktok').error).toBeUndefined();
    expect(told.at(-1)?.valid).toBe(false);
  });

  it('adds a flight with what is left, fills the remaining into a flight, and removes one', () => {
    const { view, platform } = start();
    view().changeFlight('default-meta', 'endDate', '2099-03-08');
    view().changeFlight('default-meta', 'amount', '1200');
    view().addFlight('meta');
    const added = platform('meta').flights[1];
    expect(added).toMatchObject({
      number: 2,
      startDate: '2099-03-09',
      endDate: '2099-03-15',
      amount: '800.00',
    });
    expect(platform('meta').remainingMinor).toBe(0);
    view().changeFlight(added?.key ?? '', 'amount', '500');
    view().fillRemaining('default-meta');
    expect(platform('meta').flights[0]?.amount).toBe('1500.00');
    expect(platform('meta').error).toBeUndefined();
    view().removeFlight(added?.key ?? '');
    expect(platform('meta').flights).toHaveLength(1);
    expect(platform('meta').error).toBe("Meta's flights add up to €1,500.00, not its €2,000.00");
  });

  it('puts each message under its input: amount format, dates outside the campaign, overlaps', () => {
    const { view, platform } = start();
    view().changeFlight('default-meta', 'amount', 'lots');
    expect(platform('meta').flights[0]?.errors.amount).toBe('Enter an amount, e.g. 5000 or 5000.50');
    view().changeFlight('default-meta', 'amount', '1000');
    view().changeFlight('default-meta', 'startDate', '2099-02-20');
    expect(platform('meta').flights[0]?.errors.startDate).toBe(
      'Flights run inside the campaign (2099-03-02 to 2099-03-15)',
    );
    view().changeFlight('default-meta', 'startDate', '2099-03-02');
    view().addFlight('meta');
    const second = platform('meta').flights[1];
    view().changeFlight(second?.key ?? '', 'startDate', '2099-03-05');
    expect(platform('meta').flights[1]?.errors.startDate).toBe(
      "Overlaps Meta's flight 1 (2099-03-02 to 2099-03-08)",
    );
  });

  it('a new flight never starts on top of the one before: after it, or the last one split in two (issue 28)', () => {
    const { view, platform, told } = start();
    // The default flight runs the whole campaign (14 days, €2,000): "Add flight" splits it at its middle day.
    view().addFlight('meta');
    expect(platform('meta').flights.map((f) => [f.startDate, f.endDate, f.amount])).toEqual([
      ['2099-03-02', '2099-03-08', '1000.00'],
      ['2099-03-09', '2099-03-15', '1000.00'],
    ]);
    expect(platform('meta').flights.flatMap((f) => Object.values(f.errors))).toEqual([]);
    expect(platform('meta').remainingMinor).toBe(0);
    expect(told.at(-1)?.valid).toBe(true);
    // With room before the campaign's end, the next one starts the day after the last one ends.
    view().changeFlight(platform('meta').flights[1]!.key, 'endDate', '2099-03-11');
    view().addFlight('meta');
    expect(platform('meta').flights.map((f) => [f.startDate, f.endDate])).toEqual([
      ['2099-03-02', '2099-03-08'],
      ['2099-03-09', '2099-03-11'],
      ['2099-03-12', '2099-03-15'],
    ]);
  });

  it('a date the field cannot hold says so with an example in the browser’s format, never "YYYY-MM-DD"', () => {
    const { view, platform } = start();
    // A browser's date field gives a year past 9999 as typed.
    view().changeFlight('default-meta', 'endDate', '20991-03-15');
    const example = new Intl.DateTimeFormat(undefined, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(2099, 11, 31));
    expect(platform('meta').flights[0]?.errors.endDate).toBe(`Enter a valid date, like ${example}`);
    expect(JSON.stringify(view())).not.toContain('YYYY-MM-DD');
  });

  it('checks the campaign dates, and moves the flights that ran to the campaign’s edges with them', () => {
    const { view } = start();
    view().changeCampaignDate('startDate', '2099-03-05');
    expect(view().platforms.map((p) => p.flights[0]?.startDate)).toEqual(['2099-03-05', '2099-03-05']);
    view().changeCampaignDate('endDate', '2099-03-01');
    expect(view().errors.endDate).toBe('The end date must be on or after the start date');
    view().changeCampaignDate('startDate', '2099-01-01');
    expect(view().errors.startDate).toBe('Start today or later');
  });

  it('shows every message after step.showErrors, and the server’s under the flight it named', () => {
    const plan = {
      ...SAMPLE_PLAN,
      flights: [
        saved(F1, 'meta', '2099-03-02', '2099-03-08', 100_000),
        saved(F2, 'meta', '2099-03-09', '2099-03-15', 90_000),
        saved(F3, 'tiktok', '2099-03-02', '2099-03-15', 100_000),
      ],
    };
    const { view, step, platform } = start(plan);
    expect(platform('meta').error).toBeUndefined();
    step.send({ type: 'step.showErrors' });
    expect(platform('meta').error).toBe("Meta's flights add up to €1,900.00, not its €2,000.00");
    step.send({ type: 'step.serverErrors', errors: { 'flights.1.amountMinor': 'That amount is too large' } });
    // The message follows its flight when an earlier one goes.
    view().removeFlight(F1);
    expect(platform('meta').flights[0]).toMatchObject({
      key: F2,
      errors: { amount: 'That amount is too large' },
    });
    view().changeFlight(F2, 'amount', '2000');
    expect(platform('meta').flights[0]?.errors.amount).toBeUndefined();
  });

  it('keeps the typed values on step.saved, giving new flights their ids', () => {
    const { view, step, told } = start();
    const body = told[0]?.body as { flights: { id?: string }[] };
    expect(body.flights.every((f) => f.id === undefined)).toBe(true);
    const plan = {
      ...SAMPLE_PLAN,
      campaign: { ...SAMPLE_PLAN.campaign, version: 4 },
      flights: [
        saved(F1, 'meta', '2099-03-02', '2099-03-15', 200_000),
        saved(F2, 'tiktok', '2099-03-02', '2099-03-15', 100_000),
      ],
    };
    step.send({ type: 'step.saved', plan });
    view().changeFlight('default-meta', 'pacing', 'front_loaded');
    expect(told.at(-1)?.body).toMatchObject({
      flights: [
        { id: F1, platform: 'meta', pacing: 'front_loaded' },
        { id: F2, platform: 'tiktok', pacing: 'even' },
      ],
    });
  });

  it('takes the server’s plan on step.reset, read-only when it is locked', () => {
    const { view, step } = start();
    view().changeFlight('default-meta', 'amount', '1');
    const locked = {
      ...SAMPLE_PLAN,
      campaign: { ...SAMPLE_PLAN.campaign, status: 'active' as const },
      flights: [saved(F1, 'meta', '2099-03-02', '2099-03-15', 200_000)],
      editableSteps: ['overview' as const],
    };
    step.send({ type: 'step.reset', plan: locked });
    expect(view().readOnly).toBe(true);
    expect(view().platforms[0]?.flights.map((f) => [f.key, f.amount])).toEqual([[F1, '2000.00']]);
    expect(view().errors).toEqual({});
  });

  it('draws the flowchart from the values as typed', () => {
    const { view } = start();
    view().changeFlight('default-tiktok', 'amount', '750.50');
    expect(view().flowchart).toEqual({
      startDate: '2099-03-02',
      endDate: '2099-03-15',
      currency: 'EUR',
      rows: [
        {
          platform: 'meta',
          displayName: 'Meta',
          flights: [{ startDate: '2099-03-02', endDate: '2099-03-15', amountMinor: 200_000, pacing: 'even' }],
        },
        {
          platform: 'tiktok',
          displayName: 'TikTok',
          flights: [{ startDate: '2099-03-02', endDate: '2099-03-15', amountMinor: 75_050, pacing: 'even' }],
        },
      ],
    });
  });
});

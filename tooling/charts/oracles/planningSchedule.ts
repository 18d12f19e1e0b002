/**
 * What each state of the schedule step promises (chart input: the sample plan, Meta €2,000 and TikTok
 * €1,000 over 2099-03-02 to 2099-03-15, no flights saved yet; today 2099-02-01).
 */
import { connectPlanningSchedule } from '@machines/planning/planningSchedule/planningSchedule.connect';
import { planningScheduleMachine } from '@machines/planning/planningSchedule/planningSchedule.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { cents } from './shared';

type Machine = typeof planningScheduleMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPlanningSchedule(step.snapshot, () => {});
const ALLOCATED: Record<string, number> = { meta: 200_000, tiktok: 100_000 };
const platform = (step: Step, key: string) => view(step).platforms.find((p) => p.key === key);
const flightOf = (step: Step, key: string) =>
  view(step)
    .platforms.flatMap((p) => p.flights)
    .find((f) => f.key === key);

export const planningScheduleOracle = defineOracle(planningScheduleMachine, {
  always: (step) => {
    // Spec: each platform reads "€X of €Y allocated" with what remains; amounts that are not amounts count as nothing.
    for (const key of ['meta', 'tiktok']) {
      const shown = platform(step, key);
      expectThat(shown !== undefined, `no ${key} group`);
      const planned = shown.flights.reduce((sum, f) => sum + (cents(f.amount) ?? 0), 0);
      expectFields(
        shown,
        {
          allocatedMinor: ALLOCATED[key],
          plannedMinor: planned,
          remainingMinor: (ALLOCATED[key] ?? 0) - planned,
        },
        `${key} totals`,
      );
    }
    // The flowchart draws the flights as typed, a row per platform.
    expectEqual(
      view(step).flowchart.rows.map((r) => [r.platform, r.flights.length]),
      view(step).platforms.map((p) => [p.key, p.flights.length]),
      'flowchart rows',
    );
  },
  events: {
    'campaign.change': (step) => {
      const field = step.event.field as 'startDate' | 'endDate';
      expectEqual(view(step)[field], step.event.value, field);
      if (field === 'endDate')
        expectEqual(view(step).errors.endDate, 'The end date must be on or after the start date', 'message');
    },
    'flight.change': (step) => {
      const flight = flightOf(step, step.event.key as string);
      if (!flight) return;
      const field = step.event.field as 'amount' | 'startDate' | 'pacing';
      expectEqual(flight[field], step.event.value, field);
      if (field === 'amount' && step.event.value === 'lots')
        expectEqual(flight.errors.amount, 'Enter an amount, e.g. 5000 or 5000.50', 'amount message');
      if (field === 'startDate' && step.context.values.endDate >= step.context.values.startDate)
        expectThat(
          Boolean(flight.errors.startDate || flight.errors.endDate),
          'a flight outside the campaign passes',
        );
    },
    'flight.add': (step) => {
      const before = step.previous?.context.values.flights.length ?? 0;
      expectEqual(step.context.values.flights.length, before + 1, 'flights');
      const added = step.context.values.flights.at(-1);
      expectEqual(added?.id, undefined, 'a new flight has no id');
      expectEqual(added?.endDate, step.context.values.endDate, 'a new flight runs to the campaign’s end');
      // Issue 28: never on top of the flight before. When the platform's last flight lies inside the
      // campaign (and has two days or more), the new one starts after every other flight of it ends,
      // and the platform's planned total stays what it was.
      const { startDate, endDate } = step.context.values;
      const others = step.context.values.flights.filter((f) => f.platform === added?.platform && f !== added);
      const beforeFlights = (step.previous?.context.values.flights ?? []).filter(
        (f) => f.platform === added?.platform,
      );
      const last = [...beforeFlights].sort((a, b) => (a.endDate < b.endDate ? -1 : 1)).at(-1);
      const inside = (f: { startDate: string; endDate: string }) =>
        f.startDate >= startDate && f.endDate <= endDate && f.startDate < f.endDate;
      if (last && inside(last) && startDate <= endDate) {
        for (const other of others)
          expectThat(other.endDate < (added?.startDate ?? ''), 'the new flight overlaps one before it');
        const total = (flights: { amount: string }[]) =>
          flights.reduce((sum, f) => sum + (cents(f.amount) ?? 0), 0);
        if (beforeFlights.every((f) => cents(f.amount) !== null) && last.endDate === endDate)
          expectEqual(total([...others, added!]), total(beforeFlights), 'a split keeps the platform’s total');
      }
    },
    'flight.fillRemaining': (step) => {
      const meta = platform(step, 'meta');
      if (
        meta?.flights.some((f) => f.key === step.event.key) &&
        cents(meta.flights[0]?.amount ?? '') !== null
      )
        expectThat(meta.remainingMinor <= 0, 'Fill remaining leaves something unallocated');
    },
    'step.showErrors': (step) => {
      if (step.context.values.endDate < step.context.values.startDate)
        expectThat(view(step).errors.endDate !== undefined, 'every message shows');
    },
    'step.serverErrors': (step) => {
      const first = step.context.values.flights[0];
      if (first)
        expectEqual(flightOf(step, first.key)?.errors.amount, 'That amount is too large', 'server message');
    },
    'step.saved': (step) => {
      expectEqual(
        step.context.values.flights.map((f) => f.amount),
        step.previous?.context.values.flights.map((f) => f.amount),
        'typed amounts kept',
      );
      expectEqual(step.context.plan?.campaign.version, 4, 'version');
    },
    'step.reset': (step) => {
      // The server's flights: Meta €2,000 and TikTok €1,000 over the campaign, with their ids.
      expectEqual(
        step.context.values.flights.map((f) => [f.id, f.amount]),
        [
          ['00000000-0000-4000-8000-0000000000f1', '2000.00'],
          ['00000000-0000-4000-8000-0000000000f2', '1000.00'],
        ],
        'flights',
      );
      expectEqual(view(step).errors, {}, 'a reload starts without messages');
      expectEqual(
        view(step).readOnly,
        !(step.event.plan as { editableSteps: string[] }).editableSteps.includes('schedule'),
        'read-only follows the reloaded plan',
      );
    },
  },
  states: {
    editing: (step) => {
      expectFields(view(step), { readOnly: false });
      if (step.index === 0) {
        // Spec: without saved flights, one per platform over the campaign with its whole allocation, valid.
        expectEqual(
          view(step).platforms.map((p) =>
            p.flights.map((f) => [f.startDate, f.endDate, cents(f.amount), f.pacing]),
          ),
          [[['2099-03-02', '2099-03-15', 200_000, 'even']], [['2099-03-02', '2099-03-15', 100_000, 'even']]],
          'default flights',
        );
        expectEqual(
          step.context.values.flights.map((f) => f.id),
          [undefined, undefined],
          'new flights',
        );
      }
    },
    readOnly: (step) => expectFields(view(step), { readOnly: true }),
  },
});

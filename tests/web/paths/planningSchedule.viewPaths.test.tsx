/**
 * The `planningSchedule` chart's generated paths, replayed on the wizard's schedule step
 * (/planning/wizard/{id}/schedule over the chart's input plan: Meta and TikTok, no flights yet, so each
 * platform starts with one default flight), invoked by the wizard's own chart and watched among its
 * descendants. Dates are set the way a date picker sets them (one change event), amounts are pasted, the
 * pacing is chosen; flights are added, removed and filled with their buttons. The wizard's messages
 * (`step.showErrors`, `step.serverErrors`, `step.saved`, `step.reset`) are produced through the wizard as
 * tests/web/support/wizardStepPaths.ts says. Each step is compared through the chart's abstraction (read-only,
 * valid, messages shown, how many flights, the version).
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  connectPlanningSchedule,
  type PlanningScheduleContext,
  type PlanningScheduleSnapshot,
} from '@machines/planning/planningSchedule';
import { scheduleIssues } from '@machines/planning/planningSchedule/planningSchedule.values';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { snapshotOf } from '../../paths/viewActors';
import { describeViewPathTests, replaceText, type ViewRun, type ViewStep } from '../../paths/viewPathTests';
import { pickDate } from '../support/pageFormPaths';
import {
  checkWizardAround,
  renderWizardStep,
  type WizardStepPage,
  wizardStepEvents,
} from '../support/wizardStepPaths';

// Watch the view's actors (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('planningSchedule');
const NAMES: Record<string, string> = { meta: 'Meta', tiktok: 'TikTok' };
const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningScheduleContext;
const viewOf = (state: AnyMachineSnapshot) =>
  connectPlanningSchedule(state as unknown as PlanningScheduleSnapshot, () => {});
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
type Payload = EventObject & Record<string, string>;

/** The accessible name of the flight `key` in the step's live context: “Meta flight 1”. */
function flightName(context: PlanningScheduleContext, key: string): string {
  const flight = context.values.flights.find((f) => f.key === key);
  if (!flight) throw new Error(`no flight ${key}`);
  const number = context.values.flights.filter((f) => f.platform === flight.platform).indexOf(flight) + 1;
  return `${NAMES[flight.platform]} flight ${number}`;
}
const live = (run: ViewRun) => snapshotOf(run.watched).context as PlanningScheduleContext;

/** A valid edit that leaves the values as they are: the first flight's amount, its last character again. */
const touch = ({ user }: WizardStepPage) =>
  replaceText(user, input('Meta flight 1 amount'), input('Meta flight 1 amount').value);

/** The dates, each platform's flights as typed, and every message the step shows. */
async function checkSchedule(state: AnyMachineSnapshot) {
  const context = contextOf(state);
  const view = viewOf(state);
  await waitFor(() => expect(input('Start date').value).toBe(context.values.startDate));
  expect(input('End date').value).toBe(context.values.endDate);
  for (const platform of view.platforms) {
    const section = screen.getByRole('region', { name: platform.displayName });
    expect(within(section).queryAllByRole('group', { name: /^Flight \d+$/ })).toHaveLength(
      platform.flights.length,
    );
    for (const [index, flight] of platform.flights.entries()) {
      const name = `${platform.displayName} flight ${index + 1}`;
      expect(input(`${name} start`).value).toBe(flight.startDate);
      expect(input(`${name} end`).value).toBe(flight.endDate);
      expect(input(`${name} amount`).value).toBe(flight.amount);
      expect(input(`${name} pacing`).value).toBe(flight.pacing);
    }
  }
  const messages = [
    ...Object.values(view.errors),
    ...view.platforms.flatMap((p) => [p.error, ...p.flights.flatMap((f) => Object.values(f.errors))]),
  ].filter((m): m is string => Boolean(m));
  for (const message of new Set(messages)) expect(screen.getAllByText(message).length).toBeGreaterThan(0);
}

const valid = (state: AnyMachineSnapshot) =>
  Object.keys(scheduleIssues(contextOf(state))).length === 0 && !contextOf(state).readOnly;
const hasFlight = (state: AnyMachineSnapshot, key: string) =>
  contextOf(state).values.flights.some((f) => f.key === key);

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  compareContext: (context: PlanningScheduleContext) => chart.abstractContext?.(context),
  // The chart's input plan has no audience yet, and the wizard opens the schedule only once the audience is
  // done: the page's plan has one (the schedule step reads nothing of it).
  render: () =>
    renderWizardStep(chart, 'schedule', 'Campaign dates', {
      served: (plan) => ({
        ...plan,
        audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: {} },
      }),
    }),
  events: {
    'campaign.change': (_view, { event }) =>
      pickDate(input(event.field === 'startDate' ? 'Start date' : 'End date'), event.value as string),
    'flight.change': async ({ user }, { event }, run) => {
      const name = flightName(live(run), event.key as string);
      if (event.field === 'startDate') pickDate(input(`${name} start`), event.value as string);
      else if (event.field === 'endDate') pickDate(input(`${name} end`), event.value as string);
      else if (event.field === 'amount')
        await replaceText(user, input(`${name} amount`), event.value as string);
      else await user.selectOptions(input(`${name} pacing`), event.value as string);
    },
    'flight.add': ({ user }, { event }) =>
      user.click(
        within(screen.getByRole('region', { name: NAMES[event.platform as string]! })).getByRole('button', {
          name: 'Add flight',
        }),
      ),
    'flight.remove': ({ user }, { event }, run) =>
      user.click(
        screen.getByRole('button', { name: `Remove ${flightName(live(run), event.key as string)}` }),
      ),
    'flight.fillRemaining': async ({ user }, { event }, run) => {
      const name = flightName(live(run), event.key as string);
      const button = screen.getByRole('button', { name: `Fill remaining into ${name}` });
      // On a fully planned platform the button is disabled (the path's step changes nothing there): the
      // planner empties the flight's amount first (a flight.change, taken elsewhere too), then fills it
      // again, which ends where the path's step does.
      if ((button as HTMLButtonElement).disabled) await replaceText(user, input(`${name} amount`), '');
      await user.click(screen.getByRole('button', { name: `Fill remaining into ${name}` }));
    },
    ...wizardStepEvents(chart, 'schedule', touch),
  },
  states: {
    editing: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Schedule', false);
      await checkSchedule(state);
      expect(input('Start date')).not.toBeDisabled();
    },
    readOnly: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Schedule', true);
      await waitFor(() => expect(input('Start date')).toBeDisabled());
      await checkSchedule(state);
      expect(screen.queryByRole('button', { name: 'Add flight' })).not.toBeInTheDocument();
    },
  },
  unproducible: [
    {
      because: 'a flight’s fields and buttons show only while it is there',
      step: (event, before) =>
        ['flight.change', 'flight.remove', 'flight.fillRemaining'].includes(event.type) &&
        !hasFlight(before, (event as Payload).key as string),
    },
    {
      because: 'choosing the pacing a flight has changes nothing',
      step: (event, before) =>
        event.type === 'flight.change' &&
        (event as Payload).field === 'pacing' &&
        contextOf(before).values.flights.find((f) => f.key === (event as Payload).key)?.pacing ===
          (event as Payload).value,
    },
    {
      because: 'Next shows every error only on a step that fails the checks (on a valid one it moves on)',
      step: (event, before) =>
        event.type === 'step.showErrors' && Object.keys(scheduleIssues(contextOf(before))).length === 0,
    },
    {
      because: 'the wizard saves (and so answers, refuses or meets a conflict) only a valid change',
      step: (event, before) =>
        ['step.serverErrors', 'step.saved', 'step.reset'].includes(event.type) && !valid(before),
    },
  ],
  unreachable: [
    {
      transition: 'readOnly --step.saved--> opening',
      because: 'a read-only step sends no change, so the wizard saves nothing while it shows',
    },
    {
      transition: 'readOnly --step.reset--> opening',
      because: 'a read-only step sends no change, so no save of it meets a conflict to reload after',
    },
  ],
});

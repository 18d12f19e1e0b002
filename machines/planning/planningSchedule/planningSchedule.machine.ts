import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { stepFrameActions, stepFrameGuards, stepFrameStates } from '../stepFrame';
import type { StepToWizard } from '../stepProtocol';
import type {
  FlightDraft,
  PlanningScheduleContext,
  PlanningScheduleEvent,
  PlanningScheduleInput,
  ScheduleErrorKey,
} from './planningSchedule.types';
import {
  addedFlight,
  filledAmount,
  followCampaignDate,
  formKey,
  initialValues,
  scheduleBody,
  scheduleIssues,
  valuesFromPlan,
  withSavedIds,
} from './planningSchedule.values';

/** The step's body and validity, for the wizard. */
export function stepChanged(context: PlanningScheduleContext): StepToWizard {
  return {
    type: 'step.changed',
    step: 'schedule',
    body: scheduleBody(context.values),
    valid: Object.keys(scheduleIssues(context)).length === 0,
  };
}

/** `keys` now show their messages, and the server's messages there are answered by the change. */
const touch = (context: PlanningScheduleContext, ...keys: ScheduleErrorKey[]) => ({
  touched: [...new Set([...context.touched, ...keys])],
  serverErrors: Object.fromEntries(
    Object.entries(context.serverErrors).filter(([key]) => !keys.includes(key)),
  ),
});

const updateFlight = (flights: readonly FlightDraft[], key: string, change: Partial<FlightDraft>) =>
  flights.map((f) => (f.key === key ? { ...f, ...change } : f));

export const planningScheduleMachine = setup({
  types: {
    context: {} as PlanningScheduleContext,
    events: {} as PlanningScheduleEvent,
    input: {} as PlanningScheduleInput,
  },
  guards: stepFrameGuards,
  actions: {
    ...stepFrameActions<PlanningScheduleContext, PlanningScheduleEvent>({
      step: 'schedule',
      stepChanged,
      serverErrors: (context, errors) => {
        const keyed: Record<string, string> = {};
        for (const [path, message] of Object.entries(errors))
          keyed[formKey(path, context.values.flights)] ??= message;
        return { serverErrors: keyed };
      },
      saved: (context, plan) => ({
        values: { ...context.values, flights: withSavedIds(context.values.flights, plan) },
        serverErrors: {},
      }),
      reset: (_, plan) => ({ values: valuesFromPlan(plan) }),
    }),
    /**
     * A plan without flights opens with one per platform: those are a change the wizard has to save (else
     * Next would wait for an edit the planner has no reason to make). Saved values are not news.
     */
    offerDefaultFlights: enqueueActions(({ context, enqueue, self }) => {
      const defaults =
        context.plan !== null && context.plan.flights.length === 0 && context.values.flights.length > 0;
      if (self._parent && defaults && !context.readOnly) enqueue.sendParent(stepChanged(context));
    }),
    changeCampaignDate: assign(({ context, event }) => {
      assertEvent(event, 'campaign.change');
      const before = context.values[event.field];
      // Flights that ran to the campaign's edge keep doing so, whole: the default flight follows the dates.
      const flights = context.values.flights.map((f) =>
        followCampaignDate(f, event.field, before, event.value),
      );
      return {
        values: { ...context.values, [event.field]: event.value, flights },
        ...touch(context, 'startDate', 'endDate'),
      };
    }),
    changeFlight: assign(({ context, event }) => {
      assertEvent(event, 'flight.change');
      const flight = context.values.flights.find((f) => f.key === event.key);
      if (!flight) return {};
      const keys =
        event.field === 'amount'
          ? [`${flight.key}.amount`, `flightTotals.${flight.platform}`]
          : event.field === 'pacing'
            ? [`${flight.key}.pacing`]
            : [`${flight.key}.startDate`, `${flight.key}.endDate`, `${flight.key}.amount`];
      return {
        values: {
          ...context.values,
          flights: updateFlight(context.values.flights, event.key, { [event.field]: event.value }),
        },
        ...touch(context, ...keys),
      };
    }),
    addFlight: assign(({ context, event }) => {
      assertEvent(event, 'flight.add');
      const { flights, split } = addedFlight(context, event.platform, `new-${context.nextKey}`);
      const flight = flights.at(-1)!;
      return {
        values: { ...context.values, flights },
        nextKey: context.nextKey + 1,
        // Its dates were chosen for the planner: an overlap or a date outside the campaign shows at once.
        ...touch(
          context,
          `flightTotals.${event.platform}`,
          `${flight.key}.startDate`,
          `${flight.key}.endDate`,
          ...(split ? [`${split.key}.endDate`, `${split.key}.amount`] : []),
        ),
      };
    }),
    removeFlight: assign(({ context, event }) => {
      assertEvent(event, 'flight.remove');
      const flight = context.values.flights.find((f) => f.key === event.key);
      if (!flight) return {};
      return {
        values: { ...context.values, flights: context.values.flights.filter((f) => f.key !== event.key) },
        ...touch(context, `flightTotals.${flight.platform}`),
      };
    }),
    fillRemaining: assign(({ context, event }) => {
      assertEvent(event, 'flight.fillRemaining');
      const flight = context.values.flights.find((f) => f.key === event.key);
      if (!flight) return {};
      return {
        values: {
          ...context.values,
          flights: updateFlight(context.values.flights, event.key, { amount: filledAmount(context, flight) }),
        },
        ...touch(context, `${flight.key}.amount`, `flightTotals.${flight.platform}`),
      };
    }),
  },
}).createMachine({
  id: 'planningSchedule',
  description:
    'The wizard’s schedule step: the campaign’s start and end, and each platform’s flights (dates inside ' +
    'the campaign, an amount, even or front-loaded pacing) adding up to its allocation, drawn as a ' +
    'flowchart below. Every change tells the wizard the new schedule and whether it passes the rules.',
  context: ({ input }) => ({
    plan: input.plan,
    rules: input.rules,
    today: input.today,
    readOnly: input.readOnly,
    values: initialValues(input),
    touched: [],
    showAll: false,
    serverErrors: {},
    nextKey: 1,
  }),
  entry: 'offerDefaultFlights',
  initial: 'opening',
  states: stepFrameStates({
    opening:
      'The step opens with the draft typed before, else the plan’s flights, else one flight per platform ' +
      'covering the campaign with its whole allocation; after a reload, with the server’s plan. It is ' +
      'read-only when the campaign’s state forbids changes (checked again after each save and reload).',
    editing: {
      description:
        'The planner sets the campaign’s dates and edits, adds (“Add flight”: from the day after the ' +
        'platform’s last flight, or that flight split in two when it runs to the campaign’s end) and removes ' +
        'flights; “Fill remaining” gives a flight what its platform has left. Each platform reads “€X of €Y ' +
        'allocated”. A date the field cannot hold says so with an example in the browser’s format. ' +
        'Messages show under the fields changed, all of them after Next on an invalid step; the server’s ' +
        'refusals show under their fields until those change.',
      on: {
        'campaign.change': { actions: ['changeCampaignDate', 'notifyWizard'] },
        'flight.change': { actions: ['changeFlight', 'notifyWizard'] },
        'flight.add': { actions: ['addFlight', 'notifyWizard'] },
        'flight.remove': { actions: ['removeFlight', 'notifyWizard'] },
        'flight.fillRemaining': { actions: ['fillRemaining', 'notifyWizard'] },
      },
    },
    readOnly:
      'The campaign’s state forbids changes (it is live, or became so before a reload): the dates and ' +
      'flights are shown as launched, with the flowchart.',
  }),
});

export type PlanningScheduleMachine = typeof planningScheduleMachine;

/**
 * What each state of the overview step promises (chart input: the complete sample plan "Spring launch",
 * Traffic, on Meta, EUR). A name is required (trimmed); Meta runs every objective, so no objective is refused.
 */
import { connectPlanningOverview } from '@machines/planning/planningOverview/planningOverview.connect';
import { planningOverviewMachine } from '@machines/planning/planningOverview/planningOverview.machine';
import { defineOracle, expectEqual, expectThat, type OracleCheck } from '../oracle';
import { sentBy } from './shared';

type Machine = typeof planningOverviewMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPlanningOverview(step.snapshot, () => {});

/** Spec: the messages of these values (what Next shows). */
const messagesFor = (name: string): Record<string, string> =>
  name.trim() === '' ? { name: 'Enter a campaign name' } : {};

export const planningOverviewOracle = defineOracle(planningOverviewMachine, {
  always: (step) => {
    // The view's commands: each field sends its one event.
    expectEqual(
      sentBy(
        (send) => connectPlanningOverview(step.snapshot, send),
        (v) => {
          v.changeName('Spring');
          v.changeCustomer('');
          v.changeCurrency('GBP');
          v.selectObjective(2);
        },
      ),
      [
        { type: 'field.change', field: 'name', value: 'Spring' },
        { type: 'field.change', field: 'customerId', value: '' },
        { type: 'currency.change', currency: 'GBP' },
        { type: 'objective.select', objectiveId: 2 },
      ],
      'commands',
    );
    // A message shown is the spec's, or the server's until the field is edited.
    const { errors, values } = view(step);
    const spec = messagesFor(values.name);
    for (const [path, message] of Object.entries(errors))
      expectThat(
        message === spec[path] || message === step.context.serverErrors[path],
        `${path}: "${message}" is neither the spec's nor the server's message`,
      );
  },
  events: {
    'field.change': (step) => {
      const field = step.event.field as 'name' | 'customerId';
      expectEqual(view(step).values[field], step.event.value, field);
      // An edited field shows its own message at once.
      if (field === 'name')
        expectEqual(view(step).errors.name, messagesFor(step.event.value as string).name, 'name message');
    },
    'objective.select': (step) =>
      expectEqual(view(step).values.objectiveId, step.event.objectiveId, 'objective'),
    'currency.change': (step) => expectEqual(view(step).values.currency, step.event.currency, 'currency'),
    'step.showErrors': (step) => {
      const spec = messagesFor(view(step).values.name);
      for (const [path, message] of Object.entries(spec)) expectEqual(view(step).errors[path], message, path);
    },
    'step.serverErrors': (step) =>
      expectEqual(view(step).errors.name, 'Use at most 200 characters', 'the server’s message'),
    'step.reset': (step) => {
      // The values become the plan's, and nothing shows.
      expectEqual(view(step).values.name, 'Spring launch', 'name');
      expectEqual(view(step).errors, {}, 'messages after a reload');
    },
  },
  states: {
    editing: (step) => {
      expectEqual(view(step).readOnly, false, 'readOnly');
      expectThat(step.context.plan?.editableSteps.includes('overview') ?? true, 'editing a locked overview');
    },
    readOnly: (step) => {
      expectEqual(view(step).readOnly, true, 'readOnly');
      if (!step.previous?.matches('readOnly'))
        expectEqual(step.event.type, 'step.reset', 'became read-only by');
      expectThat(!step.context.plan?.editableSteps.includes('overview'), 'read-only while editable');
    },
  },
});

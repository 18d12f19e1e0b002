import { checkOverview, NewOverviewStepSchema, type Plan, type PlanIssues } from '@contract/planning';
import { assertEvent, assign, setup } from 'xstate';
import { schemaIssues, touch, visibleIssues, withoutTouched } from '../stepErrors';
import { stepFrameActions, stepFrameGuards, stepFrameStates } from '../stepFrame';
import type { StepBodies, StepInput } from '../stepProtocol';
import type {
  OverviewValues,
  PlanningOverviewContext,
  PlanningOverviewEvent,
  PlanningOverviewInput,
} from './planningOverview.types';

/** The step's body for these values (what the wizard saves). */
export function overviewBody(values: OverviewValues): StepBodies['overview'] {
  return {
    name: values.name.trim(),
    objectiveId: values.objectiveId,
    customerId: values.customerId === '' ? null : values.customerId,
    currency: values.currency,
  };
}

/** Every message of these values: the contract's shape, then its cross-step check (platforms chosen). */
export function overviewIssues(
  context: Pick<PlanningOverviewContext, 'values' | 'plan' | 'rules'>,
): PlanIssues {
  return {
    ...checkOverview(context.values, context.rules, context.plan?.platforms ?? []),
    ...schemaIssues(NewOverviewStepSchema, overviewBody(context.values)),
  };
}

/** What the step shows under its fields. */
export function shownOverviewIssues(context: PlanningOverviewContext): PlanIssues {
  return visibleIssues(overviewIssues(context), context.touched, context.showAll, context.serverErrors);
}

function valuesFrom(plan: Plan | null, draft: StepInput['draft']): OverviewValues {
  const body = draft as StepBodies['overview'] | null;
  const source = body ?? plan?.campaign;
  return {
    name: source?.name ?? '',
    objectiveId: source?.objectiveId ?? 1,
    customerId: source?.customerId ?? '',
    currency: (source?.currency as OverviewValues['currency'] | undefined) ?? 'EUR',
  };
}

export const planningOverviewMachine = setup({
  types: {
    context: {} as PlanningOverviewContext,
    events: {} as PlanningOverviewEvent,
    input: {} as PlanningOverviewInput,
  },
  guards: stepFrameGuards,
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return {
        values: { ...context.values, [event.field]: event.value },
        touched: touch(context.touched, event.field),
        serverErrors: withoutTouched(context.serverErrors, event.field),
      };
    }),
    changeCurrency: assign(({ context, event }) => {
      assertEvent(event, 'currency.change');
      return {
        values: { ...context.values, currency: event.currency },
        touched: touch(context.touched, 'currency'),
        serverErrors: withoutTouched(context.serverErrors, 'currency'),
      };
    }),
    selectObjective: assign(({ context, event }) => {
      assertEvent(event, 'objective.select');
      return {
        values: { ...context.values, objectiveId: event.objectiveId },
        touched: touch(context.touched, 'objectiveId'),
        serverErrors: withoutTouched(context.serverErrors, 'objectiveId'),
      };
    }),
    ...stepFrameActions<PlanningOverviewContext, PlanningOverviewEvent>({
      step: 'overview',
      stepChanged: (context) => ({
        type: 'step.changed',
        step: 'overview',
        body: overviewBody(context.values),
        valid: Object.keys(overviewIssues(context)).length === 0,
      }),
      serverErrors: (_, errors) => ({ serverErrors: errors, showAll: true }),
      reset: (_, plan) => ({ values: valuesFrom(plan, null) }),
    }),
  },
}).createMachine({
  id: 'planningOverview',
  description:
    'The wizard’s overview step: the campaign’s name, its objective (cards), the customer and the ' +
    'currency. Every edit is checked with the contract’s rules and reported to the wizard, which saves it.',
  context: ({ input }) => ({
    values: valuesFrom(input.plan, input.draft),
    plan: input.plan,
    rules: input.rules,
    touched: [],
    showAll: false,
    serverErrors: {},
    readOnly: input.readOnly,
  }),
  initial: 'opening',
  states: stepFrameStates({
    opening: 'Choosing between the editable form and the read-only summary.',
    editing: {
      description:
        'The planner edits the overview. A field’s message shows once it was edited, all of them after ' +
        'Next on an invalid step, and the server’s until their field is edited again.',
      on: {
        'field.change': { actions: ['changeField', 'notifyWizard'] },
        'currency.change': { actions: ['changeCurrency', 'notifyWizard'] },
        'objective.select': { actions: ['selectObjective', 'notifyWizard'] },
      },
    },
    readOnly: 'The campaign’s lifecycle state forbids changes: the overview is shown, not editable.',
  }),
});

export type PlanningOverviewMachine = typeof planningOverviewMachine;

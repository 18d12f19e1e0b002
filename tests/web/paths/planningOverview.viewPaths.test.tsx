/**
 * The `planningOverview` chart's generated paths, replayed on the wizard's overview step
 * (/planning/wizard/{id}/overview over the chart's input plan), invoked by the wizard's own chart and watched
 * among its descendants. The planner types the name, chooses the customer and currency and picks an
 * objective card; the wizard's messages (`step.showErrors`, `step.serverErrors`, `step.saved`, `step.reset`)
 * are produced through the wizard as tests/web/support/wizardStepPaths.ts says. Each step is compared
 * through the chart's abstraction (which checks fail, which show, the objective).
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  overviewIssues,
  type PlanningOverviewContext,
  shownOverviewIssues,
} from '@machines/planning/planningOverview';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
import {
  checkWizardAround,
  OBJECTIVE_CARDS,
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

const chart = getChart('planningOverview');
const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningOverviewContext;
const region = () => screen.getByRole('region', { name: 'Overview' });
const field = (label: string) => within(region()).getByLabelText(label) as HTMLInputElement;
const objectiveLabel = (id: number) => OBJECTIVE_CARDS.find((o) => o.id === id)!.label;
type Payload = EventObject & Record<string, string | number>;

/** A valid edit that leaves the values as they are: the name's last character typed again. */
const touch = ({ user }: WizardStepPage) =>
  replaceText(user, field('Campaign name'), field('Campaign name').value);

async function checkOverview(context: PlanningOverviewContext) {
  const { values } = context;
  await waitFor(() => expect(field('Campaign name').value).toBe(values.name));
  expect(
    within(region()).getByRole('radio', { name: objectiveLabel(values.objectiveId as number) }),
  ).toHaveProperty('checked', true);
  expect(field('Customer').value).toBe(values.customerId);
  expect(field('Currency').value).toBe(values.currency);
  for (const message of new Set(Object.values(shownOverviewIssues(context))))
    expect(within(region()).getAllByText(message).length).toBeGreaterThan(0);
}

const valid = (state: AnyMachineSnapshot) =>
  Object.keys(overviewIssues(contextOf(state))).length === 0 && !contextOf(state).readOnly;

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  compareContext: (context: PlanningOverviewContext) => chart.abstractContext?.(context),
  render: () => renderWizardStep(chart, 'overview', 'Overview'),
  events: {
    'field.change': ({ user }, { event }) =>
      event.field === 'name'
        ? replaceText(user, field('Campaign name'), event.value as string)
        : user.selectOptions(field('Customer'), event.value as string),
    'currency.change': ({ user }, { event }) =>
      user.selectOptions(field('Currency'), event.currency as string),
    'objective.select': ({ user }, { event }) =>
      user.click(within(region()).getByRole('radio', { name: objectiveLabel(event.objectiveId as number) })),
    ...wizardStepEvents(chart, 'overview', touch),
  },
  states: {
    editing: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Overview', false);
      await checkOverview(contextOf(state));
      expect(field('Campaign name')).not.toHaveAttribute('readonly');
    },
    readOnly: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Overview', true);
      await waitFor(() => expect(field('Campaign name')).toHaveAttribute('readonly'));
      await checkOverview(contextOf(state));
      expect(field('Customer')).toBeDisabled();
    },
  },
  unproducible: [
    {
      because: 'choosing the customer, currency or objective already chosen changes nothing',
      step: (event, before) => {
        const { values } = contextOf(before);
        const e = event as Payload;
        return (
          (event.type === 'field.change' && e.field === 'customerId' && values.customerId === e.value) ||
          (event.type === 'currency.change' && values.currency === e.currency) ||
          (event.type === 'objective.select' && values.objectiveId === e.objectiveId)
        );
      },
    },
    {
      because: 'Next shows every error only on a step that fails the checks (on a valid one it moves on)',
      step: (event, before) =>
        event.type === 'step.showErrors' && Object.keys(overviewIssues(contextOf(before))).length === 0,
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

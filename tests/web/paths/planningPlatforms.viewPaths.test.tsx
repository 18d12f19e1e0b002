/**
 * The `planningPlatforms` chart's generated paths, replayed on the wizard's platforms step
 * (/planning/wizard/{id}/platforms over the chart's input plan: Meta at €1,000, lowest cost), invoked by the
 * wizard's own chart and watched among its descendants. The planner's events are clicks and typing in the
 * step; the wizard's (`step.showErrors`, `step.serverErrors`, `step.saved`, `step.reset`) are produced through
 * the wizard as tests/web/support/wizardStepPaths.ts says. Each step is compared through the chart's
 * abstraction (platforms, split mode, what is left, how many checks fail and show).
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  type PlanningPlatformsContext,
  platformsIssues,
  shownPlatformsIssues,
} from '@machines/planning/planningPlatforms';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
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

const chart = getChart('planningPlatforms');
const NAMES: Record<string, string> = { meta: 'Meta', tiktok: 'TikTok' };
const contextOf = (state: AnyMachineSnapshot) => state.context as PlanningPlatformsContext;
const region = () => screen.getByRole('region', { name: 'Platforms and budget' });
const budgetField = () => within(region()).getByLabelText('Total budget (EUR)') as HTMLInputElement;
const field = (name: string) => within(region()).getByLabelText(name) as HTMLInputElement;
type Payload = EventObject & Record<string, string | boolean>;

/** A valid edit that leaves the values as they are: the total's last character typed again. */
const touch = ({ user }: WizardStepPage) => replaceText(user, budgetField(), budgetField().value);

/** The form as the step's context says: the choices, the total, the split and the messages shown. */
async function checkForm(context: PlanningPlatformsContext) {
  const { values } = context;
  await waitFor(() => expect(budgetField().value).toBe(values.budget));
  for (const [key, name] of Object.entries(NAMES))
    expect(within(region()).getByRole('checkbox', { name })).toHaveProperty(
      'checked',
      values.platforms.includes(key),
    );
  if (values.platforms.length > 0) {
    expect(within(region()).getByRole('button', { name: 'By amount' })).toHaveAttribute(
      'aria-pressed',
      String(values.splitMode === 'amount'),
    );
    for (const key of values.platforms) {
      const line = values.lines[key]!;
      const name = NAMES[key]!;
      expect(field(`${name} ${values.splitMode === 'amount' ? 'amount' : 'share'}`).value).toBe(
        values.splitMode === 'amount' ? line.amount : line.percent,
      );
      expect(field(`${name} bid strategy`).value).toBe(line.bidStrategy);
      if (line.bidStrategy === 'cost_cap') expect(field(`${name} cost cap`).value).toBe(line.costCap);
    }
    expect(within(region()).getByRole('status')).toHaveTextContent(/left to allocate|over the total/);
  } else {
    expect(within(region()).queryByRole('button', { name: 'Split evenly' })).not.toBeInTheDocument();
  }
  // Every message the step shows, and only those (the server's among them).
  for (const message of new Set(Object.values(shownPlatformsIssues(context))))
    expect(within(region()).getAllByText(message).length).toBeGreaterThan(0);
}

const valid = (state: AnyMachineSnapshot) =>
  Object.keys(platformsIssues(contextOf(state))).length === 0 && !contextOf(state).readOnly;
const line = (state: AnyMachineSnapshot, platform: string) => contextOf(state).values.lines[platform];
const selected = (state: AnyMachineSnapshot, platform: string) =>
  contextOf(state).values.platforms.includes(platform);

describeViewPathTests<WizardStepPage>({
  chart,
  clock: 'real',
  compareContext: (context: PlanningPlatformsContext) => chart.abstractContext?.(context),
  render: () => renderWizardStep(chart, 'platforms', 'Platforms and budget'),
  events: {
    'platform.toggle': ({ user }, { event }) =>
      user.click(within(region()).getByRole('checkbox', { name: NAMES[event.platform as string]! })),
    'budget.change': ({ user }, { event }) => replaceText(user, budgetField(), event.value as string),
    'split.mode': ({ user }, { event }) =>
      user.click(
        within(region()).getByRole('button', {
          name: event.mode === 'amount' ? 'By amount' : 'By percentage',
        }),
      ),
    'split.evenly': ({ user }) => user.click(within(region()).getByRole('button', { name: 'Split evenly' })),
    'amount.change': ({ user }, { event }) =>
      replaceText(user, field(`${NAMES[event.platform as string]} amount`), event.value as string),
    'percent.change': ({ user }, { event }) =>
      replaceText(user, field(`${NAMES[event.platform as string]} share`), event.value as string),
    'bid.change': ({ user }, { event }) =>
      user.selectOptions(field(`${NAMES[event.platform as string]} bid strategy`), event.strategy as string),
    'costCap.change': ({ user }, { event }) =>
      replaceText(user, field(`${NAMES[event.platform as string]} cost cap`), event.value as string),
    ...wizardStepEvents(chart, 'platforms', touch),
  },
  states: {
    editing: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Platforms and budget', false);
      await checkForm(contextOf(state));
      expect(budgetField()).not.toHaveAttribute('readonly');
    },
    readOnly: async (_view, { state }: ViewStep) => {
      await checkWizardAround('Platforms and budget', true);
      await waitFor(() => expect(budgetField()).toHaveAttribute('readonly'));
      expect(budgetField().value).toBe(contextOf(state).values.budget);
      // The platforms' fieldset is disabled: no checkbox can be changed.
      for (const checkbox of within(region()).getAllByRole('checkbox'))
        expect(checkbox.closest('fieldset')).toHaveProperty('disabled', true);
    },
  },
  unproducible: [
    {
      because: 'a checkbox already in that state (a click turns it the other way)',
      step: (event, before) =>
        event.type === 'platform.toggle' &&
        selected(before, (event as Payload).platform as string) === (event as Payload).selected,
    },
    {
      because: 'the split’s controls show only with a platform chosen',
      step: (event, before) =>
        ['split.mode', 'split.evenly'].includes(event.type) &&
        contextOf(before).values.platforms.length === 0,
    },
    {
      because: 'the amount field shows for a chosen platform split by amount (by percentage: its share)',
      step: (event, before) =>
        event.type === 'amount.change' &&
        !(
          selected(before, (event as Payload).platform as string) &&
          contextOf(before).values.splitMode === 'amount'
        ),
    },
    {
      because: 'the share field shows for a chosen platform split by percentage (by amount: its amount)',
      step: (event, before) =>
        event.type === 'percent.change' &&
        !(
          selected(before, (event as Payload).platform as string) &&
          contextOf(before).values.splitMode === 'percent'
        ),
    },
    {
      because:
        'the bid strategy is chosen in a chosen platform’s row, and choosing the one it has changes nothing',
      step: (event, before) =>
        event.type === 'bid.change' &&
        (!selected(before, (event as Payload).platform as string) ||
          line(before, (event as Payload).platform as string)?.bidStrategy === (event as Payload).strategy),
    },
    {
      because: 'the cost cap field shows only for a chosen platform bidding with a cost cap',
      step: (event, before) =>
        event.type === 'costCap.change' &&
        !(
          selected(before, (event as Payload).platform as string) &&
          line(before, (event as Payload).platform as string)?.bidStrategy === 'cost_cap'
        ),
    },
    {
      because: 'Next shows every error only on a step that fails the checks (on a valid one it moves on)',
      step: (event, before) =>
        event.type === 'step.showErrors' && Object.keys(platformsIssues(contextOf(before))).length === 0,
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

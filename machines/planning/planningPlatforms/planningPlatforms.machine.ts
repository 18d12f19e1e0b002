import { basisPointsOf, type PlanIssues, splitEvenly } from '@contract/planning';
import { assertEvent, assign, setup } from 'xstate';
import { formatAmountInput } from '../../shared/money';
import { touch, visibleIssues, withoutTouched } from '../stepErrors';
import { stepFrameActions, stepFrameGuards, stepFrameStates } from '../stepFrame';
import {
  amountsOf,
  emptyLine,
  platformsBody,
  platformsIssues,
  totalMinor,
  valuesFrom,
} from './planningPlatforms.logic';
import type {
  PlanningPlatformsContext,
  PlanningPlatformsEvent,
  PlanningPlatformsInput,
  PlatformLine,
  PlatformsValues,
} from './planningPlatforms.types';

export function shownPlatformsIssues(context: PlanningPlatformsContext): PlanIssues {
  return visibleIssues(platformsIssues(context), context.touched, context.showAll, context.serverErrors);
}

const withLine = (
  context: PlanningPlatformsContext,
  platform: string,
  change: Partial<PlatformLine>,
): PlatformsValues => ({
  ...context.values,
  lines: {
    ...context.values.lines,
    [platform]: { ...(context.values.lines[platform] ?? emptyLine(context.rules, platform)), ...change },
  },
});

/** After an edit of `field`: it is touched, and the server's message about it is gone. */
const edited = (context: PlanningPlatformsContext, ...fields: string[]) => ({
  touched: touch(context.touched, ...fields),
  serverErrors: fields.reduce(withoutTouched, context.serverErrors),
});

export const planningPlatformsMachine = setup({
  types: {
    context: {} as PlanningPlatformsContext,
    events: {} as PlanningPlatformsEvent,
    input: {} as PlanningPlatformsInput,
  },
  guards: stepFrameGuards,
  actions: {
    togglePlatform: assign(({ context, event }) => {
      assertEvent(event, 'platform.toggle');
      const others = context.values.platforms.filter((key) => key !== event.platform);
      const values = withLine(context, event.platform, {});
      return {
        values: { ...values, platforms: event.selected ? [...others, event.platform] : others },
        ...edited(context, 'platforms', `allocations.${event.platform}`),
      };
    }),
    changeBudget: assign(({ context, event }) => {
      assertEvent(event, 'budget.change');
      return { values: { ...context.values, budget: event.value }, ...edited(context, 'budgetMinor') };
    }),
    /** Switching keeps the amounts: the other view is computed from them. */
    changeMode: assign(({ context, event }) => {
      assertEvent(event, 'split.mode');
      const total = totalMinor(context.values);
      const amounts = amountsOf(context.values);
      const lines = { ...context.values.lines };
      context.values.platforms.forEach((key, index) => {
        const amount = amounts[index] ?? 0;
        const line = lines[key] ?? emptyLine(context.rules, key);
        lines[key] = {
          ...line,
          amount: amount === 0 ? '' : formatAmountInput(amount),
          percent: total > 0 ? formatAmountInput(basisPointsOf(amount, total)) : '',
        };
      });
      return { values: { ...context.values, splitMode: event.mode, lines } };
    }),
    splitEvenly: assign(({ context }) => {
      const { platforms } = context.values;
      const amounts = splitEvenly(totalMinor(context.values), platforms.length);
      const shares = splitEvenly(10_000, platforms.length);
      const lines = { ...context.values.lines };
      platforms.forEach((key, index) => {
        lines[key] = {
          ...(lines[key] ?? emptyLine(context.rules, key)),
          amount: formatAmountInput(amounts[index] ?? 0),
          percent: formatAmountInput(shares[index] ?? 0),
        };
      });
      return {
        values: { ...context.values, lines },
        ...edited(context, 'budgetMinor', ...platforms.map((key) => `allocations.${key}.amountMinor`)),
      };
    }),
    changeAmount: assign(({ context, event }) => {
      assertEvent(event, 'amount.change');
      return {
        values: withLine(context, event.platform, { amount: event.value }),
        ...edited(context, `allocations.${event.platform}.amountMinor`),
      };
    }),
    changePercent: assign(({ context, event }) => {
      assertEvent(event, 'percent.change');
      return {
        values: withLine(context, event.platform, { percent: event.value }),
        ...edited(context, `allocations.${event.platform}.amountMinor`),
      };
    }),
    changeBid: assign(({ context, event }) => {
      assertEvent(event, 'bid.change');
      return {
        values: withLine(context, event.platform, { bidStrategy: event.strategy }),
        ...edited(context, `allocations.${event.platform}.bidStrategy`),
      };
    }),
    changeCostCap: assign(({ context, event }) => {
      assertEvent(event, 'costCap.change');
      return {
        values: withLine(context, event.platform, { costCap: event.value }),
        ...edited(context, `allocations.${event.platform}.costCapMinor`),
      };
    }),
    ...stepFrameActions<PlanningPlatformsContext, PlanningPlatformsEvent>({
      step: 'platforms',
      stepChanged: (context) => ({
        type: 'step.changed',
        step: 'platforms',
        body: platformsBody(context.values),
        valid: Object.keys(platformsIssues(context)).length === 0,
      }),
      serverErrors: (_, errors) => ({ serverErrors: errors, showAll: true }),
      reset: (context, plan) => ({ values: valuesFrom({ plan, draft: null, rules: context.rules }) }),
    }),
  },
}).createMachine({
  id: 'planningPlatforms',
  description:
    'The wizard’s platforms and budget step: the platforms (at least one), the total budget, its split ' +
    'by amount or by percentage with what is left to allocate (or split evenly), and each platform’s bid ' +
    'strategy among those its rules allow. Every edit is checked with the contract’s rules, naming the ' +
    'platform and the rule, and reported to the wizard.',
  context: ({ input }) => ({
    values: valuesFrom(input),
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
        'The planner chooses platforms and splits the budget; “left to allocate” follows every keystroke. ' +
        'A field’s message shows once it was edited, all of them after Next on an invalid step.',
      on: {
        'platform.toggle': { actions: ['togglePlatform', 'notifyWizard'] },
        'budget.change': { actions: ['changeBudget', 'notifyWizard'] },
        'split.mode': { actions: ['changeMode', 'notifyWizard'] },
        'split.evenly': { actions: ['splitEvenly', 'notifyWizard'] },
        'amount.change': { actions: ['changeAmount', 'notifyWizard'] },
        'percent.change': { actions: ['changePercent', 'notifyWizard'] },
        'bid.change': { actions: ['changeBid', 'notifyWizard'] },
        'costCap.change': { actions: ['changeCostCap', 'notifyWizard'] },
      },
    },
    readOnly: 'The campaign’s lifecycle state forbids changes: the split is shown, not editable.',
  }),
});

export type PlanningPlatformsMachine = typeof planningPlatformsMachine;

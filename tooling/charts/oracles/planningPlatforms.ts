/**
 * What each state of the platforms-and-budget step promises (chart input: the complete sample plan,
 * €1,000 all on Meta, lowest cost; TikTok offers lowest cost only).
 */
import { connectPlanningPlatforms } from '@machines/planning/planningPlatforms/planningPlatforms.connect';
import { planningPlatformsMachine } from '@machines/planning/planningPlatforms/planningPlatforms.machine';
import { defineOracle, expectEqual, expectThat, type OracleCheck } from '../oracle';
import { cents } from './shared';

type Machine = typeof planningPlatformsMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPlanningPlatforms(step.snapshot, () => {});
const AMOUNT_MESSAGE = 'Enter an amount, e.g. 5000 or 5000.50';

export const planningPlatformsOracle = defineOracle(planningPlatformsMachine, {
  always: (step) => {
    const v = view(step);
    const total = cents(v.values.budget) ?? 0;
    expectEqual(v.totalMinor, total, 'total');
    // Spec: left to allocate = the total minus what the rows get.
    expectEqual(
      v.leftMinor,
      total - v.rows.reduce((sum, row) => sum + row.amountMinor, 0),
      'left to allocate',
    );
    if (v.values.splitMode === 'amount')
      for (const row of v.rows)
        expectEqual(row.amountMinor, cents(row.line.amount) ?? 0, `${row.key} amount`);
    // Only the strategies a platform's rules allow are offered.
    for (const row of v.rows)
      expectEqual(
        row.bidStrategies.map((s) => s.value),
        row.key === 'tiktok' ? ['lowest_cost'] : ['lowest_cost', 'cost_cap'],
        `${row.key} strategies`,
      );
  },
  events: {
    'platform.toggle': (step) =>
      expectEqual(
        view(step).values.platforms.includes(step.event.platform as string),
        step.event.selected,
        'chosen',
      ),
    'budget.change': (step) => {
      expectEqual(view(step).values.budget, step.event.value, 'budget as typed');
      if (step.event.value === 'lots')
        expectEqual(view(step).errors.budgetMinor, AMOUNT_MESSAGE, 'budget message');
    },
    'split.evenly': (step) => {
      const v = view(step);
      const amounts = v.rows.map((r) => r.amountMinor);
      // Spec: even to the cent, the whole total, the earlier rows taking the odd cents.
      expectEqual(v.leftMinor, 0, 'left after splitting evenly');
      expectThat(Math.max(...amounts) - Math.min(...amounts) <= 1, `uneven split ${amounts.join(', ')}`);
      expectEqual(
        [...amounts].sort((a, b) => b - a),
        amounts,
        'odd cents first',
      );
    },
    'split.mode': (step) => {
      expectEqual(view(step).values.splitMode, step.event.mode, 'mode');
      // Switching keeps what each platform gets.
      const before = connectPlanningPlatforms(step.previous!, () => {});
      if (before.values.splitMode === 'amount' && before.leftMinor === 0)
        expectEqual(
          view(step).rows.map((r) => r.amountMinor),
          before.rows.map((r) => r.amountMinor),
          'amounts kept',
        );
    },
    'bid.change': (step) => {
      const row = view(step).rows.find((r) => r.key === step.event.platform);
      if (row) expectEqual(row.line.bidStrategy, step.event.strategy, 'strategy');
    },
    'costCap.change': (step) => {
      const row = view(step).rows.find((r) => r.key === step.event.platform);
      if (row) expectEqual(row.line.costCap, step.event.value, 'cost cap as typed');
    },
    'step.serverErrors': (step) =>
      expectEqual(view(step).errors.budgetMinor, 'Enter a budget above zero', 'the server’s message'),
    'step.reset': (step) => expectEqual(view(step).errors, {}, 'messages after a reload'),
  },
  states: {
    editing: (step) => expectEqual(view(step).readOnly, false, 'readOnly'),
    readOnly: (step) => {
      expectEqual(view(step).readOnly, true, 'readOnly');
      expectThat(!step.context.plan?.editableSteps.includes('platforms'), 'read-only while editable');
    },
  },
});

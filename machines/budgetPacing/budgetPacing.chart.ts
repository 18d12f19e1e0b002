import { computePacing } from '@contract/pacing';
import { defineChart } from '../chart';
import { budgetPacingMachine } from './budgetPacing.machine';
import type { BudgetPacing, BudgetPacingContext } from './budgetPacing.types';

/** A June budget of 3 000.00 seen on `today`, having spent 80.00 a day. */
export const samplePacing = (today: string): BudgetPacing => ({
  budget: { id: 'b1', name: 'Summer 2030', currency: 'EUR' },
  pacing: computePacing({
    amountMinor: 300_000,
    periodStart: '2030-06-01',
    periodEnd: '2030-06-30',
    today,
    dailySpend: Array.from({ length: 30 }, (_, i) => ({
      date: `2030-06-${String(i + 1).padStart(2, '0')}`,
      spendMinor: 8_000,
    })),
    bookedMinor: 250_000,
  }),
});

const summarize = (context: BudgetPacingContext) => ({
  status: context.pacing?.pacing.status ?? null,
  failed: context.error !== null,
});

export const budgetPacingChart = defineChart({
  name: 'budgetPacing',
  title: 'Budget pacing',
  machine: budgetPacingMachine,
  description: budgetPacingMachine.root.description ?? '',
  input: { budgetId: 'b1' },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'pacing.retry' },
    { type: 'forecast.hide' },
    { type: 'forecast.show' },
    { type: 'xstate.done.actor.loadPacing', output: samplePacing('2030-06-16') },
    { type: 'xstate.done.actor.loadPacing', output: samplePacing('2030-05-20') },
    {
      type: 'xstate.error.actor.loadPacing',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
  ],
});

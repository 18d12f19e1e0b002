import { defineChart } from '../chart';
import { pacingSuggestionMachine } from './pacingSuggestion.machine';

export const pacingSuggestionChart = defineChart({
  name: 'pacingSuggestion',
  title: 'Pacing suggestion: move unspent money to a platform that delivers',
  machine: pacingSuggestionMachine,
  description: pacingSuggestionMachine.root.description ?? '',
  input: {
    campaignId: 'c-1',
    currency: 'EUR',
    suggestion: {
      fromPlatform: 'meta',
      toPlatform: 'google',
      amountMinor: 120_000,
      allocations: { meta: 280_000, google: 520_000 },
    },
    canApply: true,
    applyRefusal: null,
  },
  events: [
    { type: 'suggestion.accept' },
    { type: 'suggestion.dismiss' },
    { type: 'error.dismiss' },
    { type: 'xstate.done.actor.applySuggestion', output: {} },
    {
      type: 'xstate.error.actor.applySuggestion',
      error: { status: 409, message: 'A launched campaign cannot be changed here' },
    },
  ],
});

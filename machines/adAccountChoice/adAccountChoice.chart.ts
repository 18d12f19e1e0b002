import { defineChart } from '../chart';
import { adAccountChoiceMachine } from './adAccountChoice.machine';
import type { AdAccountChoice } from './adAccountChoice.types';

const manager = { id: '1234567890', name: 'Agency MCC' };
const choice: AdAccountChoice = {
  id: '00000000-0000-4000-8000-00000000c401',
  platform: 'google',
  displayName: 'Google Ads',
  adAccounts: [
    { id: '1112223334', name: 'Northwind Outdoor', currency: 'EUR', manager },
    { id: '5556667778', name: 'Contoso Bikes', currency: 'USD', manager },
  ],
  expiresAt: '2026-11-28T10:10:00.000Z',
};

export const adAccountChoiceChart = defineChart({
  name: 'adAccountChoice',
  title: 'Choose the ad account a platform login reaches',
  machine: adAccountChoiceMachine,
  description: adAccountChoiceMachine.root.description ?? '',
  input: { platform: 'google', choiceId: choice.id },
  events: [
    { type: 'xstate.done.actor.loadChoice', output: choice },
    {
      type: 'xstate.error.actor.loadChoice',
      error: { status: 404, message: 'That choice of ad account expired or was already used.' },
    },
    { type: 'xstate.error.actor.loadChoice', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'account.select', id: '5556667778' },
    { type: 'choice.submit' },
    { type: 'choice.cancel' },
    { type: 'xstate.done.actor.chooseAdAccount', output: {} },
    {
      type: 'xstate.error.actor.chooseAdAccount',
      error: {
        status: 400,
        message: 'adAccountId: Google Ads did not offer that ad account',
        validationErrors: { adAccountId: { message: 'Google Ads did not offer that ad account' } },
      },
    },
    {
      type: 'xstate.error.actor.chooseAdAccount',
      error: { status: 404, message: 'That choice of ad account expired or was already used.' },
    },
    { type: 'xstate.error.actor.chooseAdAccount', error: new TypeError('Failed to fetch') },
  ],
});

import { defineChart } from '../chart';
import { stepUpConfirmationMachine } from './stepUpConfirmation.machine';

export const stepUpConfirmationChart = defineChart({
  name: 'stepUpConfirmation',
  title: 'Step-up confirmation of a risky action',
  machine: stepUpConfirmationMachine,
  description: stepUpConfirmationMachine.root.description ?? '',
  // The launch modal's request, as modalAction sends it.
  input: { request: { kind: 'launchCampaign', id: '00000000-0000-4000-8000-000000000042' } },
  events: [
    { type: 'xstate.done.actor.sendRequest', output: { success: true, status: 'launching' } },
    {
      type: 'xstate.error.actor.sendRequest',
      error: {
        status: 403,
        message: 'Confirm it’s you to continue.',
        errorCode: 'CHALLENGE_REQUIRED',
        challenge: {
          token: 'challenge-token',
          user: { email: 'demo@flightplan.test' },
          verificationMethods: ['EMAIL_OTP'],
        },
      },
    },
    {
      type: 'xstate.error.actor.sendRequest',
      error: {
        status: 422,
        message: 'Unprocessable',
        businessError: { message: 'Choose at least one platform before launching.' },
      },
    },
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'succeeded', token: 'verified-token' } },
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'expired' } },
    { type: 'xstate.error.actor.confirmIdentity', error: new TypeError('Failed to fetch') },
  ],
});

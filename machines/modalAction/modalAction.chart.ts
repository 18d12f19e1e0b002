import { defineChart } from '../chart';
import { modalActionMachine } from './modalAction.machine';

export const modalActionChart = defineChart({
  name: 'modalAction',
  title: 'Campaign and customer modals (delete, duplicate, launch)',
  machine: modalActionMachine,
  description: modalActionMachine.root.description ?? '',
  input: { kind: 'duplicateCampaign', id: '00000000-0000-4000-8000-000000000042' },
  events: [
    { type: 'field.change', value: '  ' },
    { type: 'field.change', value: ' Spring Launch (copy) ' },
    { type: 'modal.submit' },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
    {
      type: 'xstate.done.actor.loadRecord',
      output: { name: 'Spring Launch', platformNames: ['Meta', 'Google Ads'] },
    },
    { type: 'xstate.done.actor.loadRecord', output: null },
    { type: 'xstate.error.actor.loadRecord', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadRecord', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.submitAction', output: { success: true, campaignId: 'c2' } },
    {
      type: 'xstate.error.actor.submitAction',
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
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'succeeded', token: 'verified-token' } },
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.confirmIdentity', output: { status: 'expired' } },
    { type: 'xstate.error.actor.confirmIdentity', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.error.actor.submitAction',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { name: { message: 'Enter a name for the new campaign.' } },
      },
    },
  ],
});

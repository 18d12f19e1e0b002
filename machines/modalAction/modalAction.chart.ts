import { defineChart } from '../chart';
import { modalActionMachine } from './modalAction.machine';

export const modalActionChart = defineChart({
  name: 'modalAction',
  title: 'Campaign and customer modals (delete, duplicate, launch, pause, resume)',
  machine: modalActionMachine,
  description: modalActionMachine.root.description ?? '',
  input: { kind: 'duplicateCampaign', id: '00000000-0000-4000-8000-000000000042' },
  events: [
    { type: 'field.change', value: '  ' },
    { type: 'field.change', value: ' Spring Launch (copy) ' },
    // "Shift dates by" (issue 28): a quarter in weeks, and something that is not a number of days.
    { type: 'shift.change', value: '13' },
    { type: 'shift.unit', unit: 'weeks' },
    { type: 'shift.change', value: 'next spring' },
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
    // How the step-up confirmation (stepUpConfirmation, invoked as submitAction) ended.
    {
      type: 'xstate.done.actor.submitAction',
      output: { status: 'sent', response: { success: true, campaignId: 'c2' } },
    },
    {
      type: 'xstate.done.actor.submitAction',
      output: {
        status: 'refused',
        error: {
          status: 400,
          message: 'Invalid request',
          validationErrors: { name: { message: 'Enter a name for the new campaign.' } },
        },
      },
    },
    {
      type: 'xstate.done.actor.submitAction',
      output: {
        status: 'refused',
        error: {
          status: 400,
          message: 'Shift the dates by a whole number of days, at most ten years either way',
          validationErrors: {
            shiftDays: { message: 'Shift the dates by a whole number of days, at most ten years either way' },
          },
        },
      },
    },
    { type: 'xstate.done.actor.submitAction', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.submitAction', output: { status: 'expired' } },
  ],
});

import { defineChart } from '../chart';
import { connectModalAction } from './modalAction.connect';
import { modalActionMachine } from './modalAction.machine';

export const modalActionChart = defineChart({
  name: 'modalAction',
  title: 'Campaign and customer modals (delete, launch, pause, resume)',
  machine: modalActionMachine,
  description: modalActionMachine.root.description ?? '',
  // What the view gets at each step of a simulation in the charts explorer.
  connect: (snapshot) => connectModalAction(snapshot, () => {}),
  input: { kind: 'deleteCampaign', id: '00000000-0000-4000-8000-000000000042' },
  events: [
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
    { type: 'xstate.done.actor.submitAction', output: { status: 'sent', response: { success: true } } },
    {
      type: 'xstate.done.actor.submitAction',
      output: {
        status: 'refused',
        error: {
          status: 409,
          message: 'Conflict',
          businessError: { message: 'This campaign is being deleted.' },
        },
      },
    },
    { type: 'xstate.done.actor.submitAction', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.submitAction', output: { status: 'expired' } },
  ],
});

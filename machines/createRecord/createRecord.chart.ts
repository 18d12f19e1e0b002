import { defineChart } from '../chart';
import { createRecordMachine } from './createRecord.machine';

export const createRecordChart = defineChart({
  name: 'createRecord',
  title: 'Create organization / account dialog',
  machine: createRecordMachine,
  description: createRecordMachine.root.description ?? '',
  input: { requiredMessage: 'Enter an organization name' },
  events: [
    { type: 'name.change', value: '  ' },
    { type: 'name.change', value: 'Northwind Media' },
    { type: 'form.submit' },
    {
      type: 'xstate.done.actor.createRecord',
      output: { id: '00000000-0000-4000-8000-000000000042', name: 'Northwind Media' },
    },
    {
      type: 'xstate.error.actor.createRecord',
      error: { status: 400, message: 'Invalid request', validationErrors: { name: { message: 'Too long' } } },
    },
    { type: 'xstate.error.actor.createRecord', error: new TypeError('Failed to fetch') },
  ],
});

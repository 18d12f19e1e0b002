import { defineChart } from '../chart';
import { customerFormMachine } from './customerForm.machine';
import type { CustomerFormContext } from './customerForm.types';

/** The name matters only as empty, fine or too long; the messages only as present or not. */
const summarize = (context: CustomerFormContext) => ({
  mode: context.customerId === null ? 'create' : 'rename',
  name: context.name === '' ? 'empty' : context.name.trim().length > 200 ? 'tooLong' : 'fine',
  fieldError: context.fieldError !== null,
  formError: context.formError !== null,
});

const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

export const customerFormChart = defineChart({
  name: 'customerForm',
  title: 'Create / rename customer dialog',
  machine: customerFormMachine,
  description: customerFormMachine.root.description ?? '',
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'route.enter', customerId: null },
    { type: 'route.enter', customerId: CUSTOMER_ID },
    { type: 'route.leave' },
    { type: 'xstate.done.actor.loadCustomer', output: { name: 'Northwind' } },
    { type: 'xstate.done.actor.loadCustomer', output: null },
    {
      type: 'xstate.error.actor.loadCustomer',
      error: { status: 404, message: "Sorry, we couldn't find that customer." },
    },
    { type: 'xstate.error.actor.loadCustomer', error: new TypeError('Failed to fetch') },
    { type: 'name.change', value: '  Northwind Traders ' },
    { type: 'name.change', value: 'x'.repeat(201) },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.saveCustomer', output: { id: CUSTOMER_ID } },
    {
      type: 'xstate.error.actor.saveCustomer',
      error: {
        status: 400,
        message: 'name: Use at most 200 characters',
        validationErrors: { name: { message: 'Use at most 200 characters' } },
      },
    },
    { type: 'xstate.error.actor.saveCustomer', error: new TypeError('Failed to fetch') },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
  ],
});

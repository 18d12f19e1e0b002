import { defineChart } from '../chart';
import { signUpMachine } from './signUp.machine';

export const signUpChart = defineChart({
  name: 'signUp',
  title: 'Sign up',
  machine: signUpMachine,
  description: signUpMachine.root.description ?? '',
  events: [
    { type: 'field.change', field: 'email', value: 'ada@example.com' },
    { type: 'field.change', field: 'password', value: 'short' },
    { type: 'field.change', field: 'password', value: 'correct horse' },
    { type: 'field.change', field: 'firstName', value: 'Ada' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.signUp', output: { success: true } },
    {
      type: 'xstate.error.actor.signUp',
      error: {
        status: 409,
        message: 'An account with this e-mail address already exists.',
        validationErrors: { email: { message: 'An account with this e-mail address already exists.' } },
      },
    },
    { type: 'xstate.error.actor.signUp', error: new TypeError('Failed to fetch') },
  ],
});

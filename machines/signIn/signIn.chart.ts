import { defineChart } from '../chart';
import { signInMachine } from './signIn.machine';

export const signInChart = defineChart({
  name: 'signIn',
  title: 'Sign in',
  machine: signInMachine,
  description: signInMachine.root.description ?? '',
  events: [
    { type: 'field.change', field: 'email', value: '' },
    { type: 'field.change', field: 'email', value: 'ada@example' },
    { type: 'field.change', field: 'email', value: 'ada@example.com' },
    { type: 'field.change', field: 'password', value: 'correct horse' },
    { type: 'form.submit' },
    { type: 'sso.start' },
    { type: 'xstate.done.actor.signIn', output: { success: true } },
    {
      type: 'xstate.error.actor.signIn',
      error: { status: 401, message: 'The e-mail address or password is not correct.' },
    },
    { type: 'xstate.error.actor.signIn', error: new TypeError('Failed to fetch') },
  ],
});

import { defineChart } from '../chart';
import { recoveryCodeEntryMachine } from './recoveryCodeEntry.machine';

export const recoveryCodeEntryChart = defineChart({
  name: 'recoveryCodeEntry',
  title: 'Step-up: recovery code',
  machine: recoveryCodeEntryMachine,
  description: recoveryCodeEntryMachine.root.description ?? '',
  abstractContext: (context) => ({
    code: context.code.trim() !== '',
    fieldError: context.fieldError !== null,
    token: context.token !== null,
  }),
  events: [
    { type: 'code.change', value: '4f7k2-9q8xm' },
    { type: 'code.change', value: '' },
    { type: 'code.submit' },
    { type: 'xstate.done.actor.verifyRecoveryCode', output: { token: 'verified-token' } },
    { type: 'xstate.done.actor.verifyRecoveryCode', output: { attemptsRemaining: 4 } },
    {
      type: 'xstate.done.actor.verifyRecoveryCode',
      output: { error: 'Too many wrong codes: this code is locked. Request a new one.' },
    },
    { type: 'xstate.error.actor.verifyRecoveryCode', error: new TypeError('Failed to fetch') },
  ],
});

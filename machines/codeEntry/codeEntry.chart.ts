import { defineChart } from '../chart';
import { connectCodeEntry } from './codeEntry.connect';
import { codeEntryMachine } from './codeEntry.machine';

export const codeEntryChart = defineChart({
  name: 'codeEntry',
  title: 'Step-up: code entry (authenticator app, e-mail, text message)',
  machine: codeEntryMachine,
  description: codeEntryMachine.root.description ?? '',
  // What the view gets at each step of a simulation in the charts explorer.
  connect: (snapshot) => connectCodeEntry(snapshot, () => {}),
  input: { method: 'EMAIL_OTP' },
  abstractContext: (context) => ({
    code: context.code.length,
    fieldError: context.fieldError !== null,
    attempts: context.attemptsRemaining,
    deliveryError: context.deliveryError !== null,
    token: context.token !== null,
  }),
  events: [
    { type: 'code.change', value: '12' },
    { type: 'code.change', value: '123456' },
    { type: 'code.submit' },
    { type: 'code.resend' },
    { type: 'xstate.done.actor.sendCode', output: { sent: true } },
    { type: 'xstate.done.actor.sendCode', output: { sent: false } },
    { type: 'xstate.error.actor.sendCode', error: { status: 429, message: 'Too many codes were sent.' } },
    { type: 'xstate.done.actor.verifyCode', output: { token: 'verified-token' } },
    { type: 'xstate.done.actor.verifyCode', output: { attemptsRemaining: 4 } },
    { type: 'xstate.done.actor.verifyCode', output: { error: 'locked' } },
    { type: 'xstate.error.actor.verifyCode', error: new TypeError('Failed to fetch') },
    { type: 'xstate.after.errorReset.codeEntry.active.code.error' },
    { type: 'xstate.after.resendCooldown.codeEntry.active.delivery.coolingDown' },
  ],
});
